"""The shared palette (the original 2048's colours, used across the collection). The buttons are a shade darker
than the original's #8f7a66 so that their light text, and text drawn in the button colour on the page, reach a
4.5:1 contrast (WCAG AA); the selected button is darker still, not lighter."""

PAGE = (250, 248, 239)  # #faf8ef
TEXT = (119, 110, 101)  # #776e65
TEXT_LIGHT = (249, 246, 242)  # #f9f6f2
BOARD = (187, 173, 160)  # #bbada0
BUTTON = (122, 103, 85)  # #7a6755: 5.0:1 under TEXT_LIGHT, 5.1:1 as text on PAGE
BUTTON_HOVER = (96, 80, 65)  # the selected button
LABEL = (238, 228, 218)  # #eee4da
GOLD = (237, 194, 46)  # #edc22e

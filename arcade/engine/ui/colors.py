"""The shared palette (the original 2048's colours, used across the collection)."""

PAGE = (250, 248, 239)  # #faf8ef
TEXT = (119, 110, 101)  # #776e65
TEXT_LIGHT = (249, 246, 242)  # #f9f6f2
BOARD = (187, 173, 160)  # #bbada0
BUTTON = (143, 122, 102)  # #8f7a66
BUTTON_HOVER = (163, 140, 118)
LABEL = (238, 228, 218)  # #eee4da
GOLD = (237, 194, 46)  # #edc22e

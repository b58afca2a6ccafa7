"""A Gomocup engine that misbehaves on purpose, for the external-engine tests: ``fake_engine.py MODE``.

good: plays the first empty point in reading order; crash: dies when asked to move; hang: never moves;
garbage: answers a word; illegal: plays 0,0 every time; refuse: answers START with ERROR; mute: never answers START.
"""
import sys

mode = sys.argv[1] if len(sys.argv) > 1 else "good"
size, board = 15, {}
for line in sys.stdin:
    cmd = line.strip()
    word = cmd.split(" ")[0].upper()
    if word == "START":
        if mode == "refuse":
            print("ERROR no thanks", flush=True)
        elif mode != "mute":
            size = int(cmd.split()[1])
            print("OK", flush=True)
    elif word == "BOARD":
        board = {}
        for row in sys.stdin:
            row = row.strip()
            if row.upper() == "DONE":
                break
            x, y, _ = row.split(",")
            board[(int(x), int(y))] = True
        print("MESSAGE thinking about it", flush=True)
        if mode == "crash":
            sys.exit(3)
        if mode == "hang":
            continue
        if mode == "garbage":
            print("hello there", flush=True)
        elif mode == "illegal":
            print("0,0", flush=True)
        else:
            x, y = next((x, y) for y in range(size) for x in range(size) if (x, y) not in board)
            print(f"{x},{y}", flush=True)
    elif word == "END":
        break

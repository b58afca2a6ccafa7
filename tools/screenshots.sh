#!/usr/bin/env bash
# Rebuild the screenshot set (docs/shots/*.png) headless, on SDL's dummy video driver: no virtual screen needed.
# A picture that needs no input is `arcade ... --frames N --screenshot FILE`; one that needs input is played by
# tools/shoot.py (playshot's steps: keys, clicks, waits, shots) through the same app the command line builds. Each
# frame advances the game by exactly 1/60 s and seeds fix the deals, so the pictures repeat, except where an AI
# plays on a wall-clock budget (2048 autoplay, Minesweeper autoplay).
#   tools/screenshots.sh [OUT-DIR]        (default docs/shots; needs .venv, so run `make test` or `make play` once)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-docs/shots}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT"
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1

shot() {  # shot NAME FRAMES ARGS...: frame FRAMES of `arcade ARGS` as $OUT/NAME.png
    local name=$1 frames=$2; shift 2
    timeout -s KILL 120 .venv/bin/arcade "$@" --frames "$frames" --screenshot "$OUT/$name.png" >/dev/null
}

shots() {  # shots NAME-PREFIX STEP... -- ARGS...: one scripted run, its PNGs renamed PREFIX-NAME.png into $OUT
    local prefix=$1; shift
    rm -rf "$TMP/png"
    timeout -s KILL 300 .venv/bin/python tools/shoot.py -o "$TMP/png" "$@" >/dev/null
    for f in "$TMP"/png/*.png; do cp "$f" "$OUT/$prefix-$(basename "$f")"; done
}

# the hops that follow the path of Stairs' world for a seed, as left/right half clicks
stairs_hops() {  # stairs_hops SEED COUNT
    .venv/bin/python -c "
import sys
from arcade.stairs.world import World
w = World(int(sys.argv[1]))
for _ in range(int(sys.argv[2])):
    s = w.next_side
    w.hop(s)
    print('click:360,520' if s == 'right' else 'click:120,520')" "$1" "$2"
}

# the same path as Left/Right keys, GAP seconds apart (0: as fast as a script sends keys, 150 ms apart), a
# screenshot "scoreN" at each score listed after it
stairs_keys() {  # stairs_keys SEED COUNT GAP [SCORE...]
    .venv/bin/python -c "
import sys
from arcade.stairs.world import World
w = World(int(sys.argv[1]))
gap, shots = float(sys.argv[3]), {int(x) for x in sys.argv[4:]}
for i in range(1, int(sys.argv[2]) + 1):
    s = w.next_side
    w.hop(s)
    print('key:Right' if s == 'right' else 'key:Left')
    if gap:
        print(f'wait:{gap}')
    if i in shots:
        print(f'wait:0.25\nshot:score{i}')" "$@"
}

# the menu on a fresh profile; settings and stats
shot menu-start 120 --data-dir "$TMP/pd-menu0"
# menu, settings, stats, help: a fresh profile
shots menu wait:2 click:240,465 wait:1 shot:settings key:Escape wait:0.8 click:240,506 wait:1 shot:stats \
    -- --data-dir "$TMP/pd-menu"

# 2048: the board at rest, then the AI autoplaying with its panel open
shots 2048 wait:1.5 key:space wait:0.4 shot:start key:shift+a wait:12 shot:autoplay -- play 2048 --new --seed 3 --data-dir "$TMP/pd-2048"

# Stairs, on a fresh profile with its help card closed. Seed 5 at the start: the glow on the stair up-left (a spike
# stands up-right: the glow shows only the safe hop). Seed 7 climbed by keys: scores 10, 50 and 150 (drops come every
# 0.2 s from score 116; keys 150 ms apart keep ahead of them). A death by a dropping stair (stop hopping after 10).
shots stairs wait:1.5 key:space wait:0.4 shot:score0 -- play stairs --seed 5 --data-dir "$TMP/pd-s0"
mapfile -t climb < <(stairs_keys 7 150 0 10 50 150)
shots stairs wait:1.5 key:space wait:0.4 "${climb[@]}" -- play stairs --seed 7 --data-dir "$TMP/pd-s1"
mapfile -t ten < <(stairs_hops 7 10)
# ... its game-over panel (with the game code), and its Replay entry opening that run from its start
shots stairs wait:1.5 key:space wait:0.4 "${ten[@]}" wait:12 shot:dropped click:240,542 wait:1.2 \
    shot:replay-from-panel -- play stairs --seed 7 --data-dir "$TMP/pd-s2"
# the daily game of 2026-11-24 lost on its first hop: the panel names the day and the code
first=$(.venv/bin/python -c "
from arcade.engine import codes
from arcade.stairs.world import World
w = World(codes.daily_seed('stairs', 'v1', '2026-11-24'))
print('click:120,520' if w.next_side == 'right' else 'click:360,520')")
shots stairs wait:1.5 key:space wait:0.4 "$first" wait:2 shot:gameover-code \
    -- play stairs --daily --date 2026-11-24 --data-dir "$TMP/pd-s7"
shots stairs wait:1.5 key:space wait:0.4 click:120,520 wait:0.8 shot:wrong-side -- play stairs --seed 7 --data-dir "$TMP/pd-s3"
# the ghost: a best run of 60 on seed 7 ends on a wrong hop; Restart (seed 8) climbs slower, the best run's robot ahead
mapfile -t best < <(stairs_keys 7 60 0)
wrong=$(.venv/bin/python -c "
from arcade.stairs.autopilot import next_hop
from arcade.stairs.world import World
w = World(7)
for _ in range(60):
    w.hop(next_hop(w))
print('key:Left' if next_hop(w) == 'right' else 'key:Right')")
mapfile -t slow < <(stairs_keys 8 10 0.05)
shots stairs wait:1.5 key:space wait:0.4 "${best[@]}" "$wrong" wait:2.5 key:Return wait:0.6 "${slow[@]}" \
    wait:0.2 shot:ghost-race -- play stairs --seed 7 --data-dir "$TMP/pd-s5"
# a replay half way: 60 hops on seed 7, then the stairs drop under the robot
.venv/bin/python - "$TMP/stairs.replay" <<'PY'
import sys
from arcade.engine import replays
from arcade.engine.session import Session
from arcade.stairs.autopilot import next_hop
from arcade.stairs.backend import BACKEND, RULES
s = Session(BACKEND, RULES, 7)
w = s.state
for _ in range(60):
    s.play((next_hop(w), w.ticks))
    w.update(0.28)
while not w.over:
    w.update(1 / 60)
s.finish(BACKEND.result(RULES, w))
replays.write_file(s.replay(), sys.argv[1])
PY
shots stairs wait:5.5 key:space wait:0.3 shot:replay -- replay "$TMP/stairs.replay" --data-dir "$TMP/pd-s6"
mapfile -t five < <(stairs_hops 7 5)  # seed 7: after R L R R R, a hop to the right lands on a spike
shots stairs wait:1.5 key:space wait:0.4 "${five[@]}" click:360,520 wait:0.8 shot:spike -- play stairs --seed 7 --data-dir "$TMP/pd-s4"

# tic-tac-toe: 3x3 against the AI; a Gomoku game between two people, won by five in a row
shots ttt wait:1.5 key:space wait:0.4 click:240,556 wait:0.6 click:240,386 wait:1.2 click:104,250 wait:1.2 shot:3x3 \
    -- play tictactoe --data-dir "$TMP/pd-t1"
five=()
for i in 0 1 2 3 4; do
    five+=("click:$((150 + 30 * i)),393" wait:0.3)
    [ "$i" -lt 4 ] && five+=("click:$((150 + 30 * i)),423" wait:0.3)
done
shots ttt wait:1.5 key:space wait:0.4 key:Right key:Right key:Down key:Right click:240,556 wait:0.8 "${five[@]}" wait:2.5 \
    shot:gomoku-won -- play tictactoe --data-dir "$TMP/pd-t2"

# Minesweeper: the level picker; the custom field's card refusing a width past its limit, then filled in (25 x 28,
# 120 mines), and that game; the odds overlay on expert with a cell pointed at (right-clicked twice: flagged and
# unflagged, the pointer left on it), a hint, and the settings opened from the game at its own; then an expert game
# won by the AI (seed 2 is a win in the benchmark)
shots mines wait:1.5 key:space wait:0.3 click:240,400 wait:0.8 shot:picker click:311,88 wait:0.5 key:3 key:0 \
    key:Return wait:0.3 shot:custom-limits click:406,280 click:332,366 key:2 key:8 key:Tab key:1 key:2 key:0 wait:0.3 \
    shot:custom-card key:Return wait:0.5 click:240,430 wait:1 shot:custom \
    -- play minesweeper --seed 4 --new --data-dir "$TMP/pd-m0"
shots mines wait:1.5 key:space wait:0.3 click:240,416 wait:0.8 key:p wait:2.5 rclick:272,516 rclick:272,516 wait:0.5 \
    shot:odds key:h wait:0.5 shot:hint key:Escape wait:0.5 click:240,430 wait:1 shot:settings \
    -- play minesweeper --level expert --seed 5 --new --data-dir "$TMP/pd-m1"
shots mines wait:1.5 key:space wait:0.3 key:A wait:75 shot:expert-won -- play minesweeper --level expert --seed 2 --new \
    --data-dir "$TMP/pd-m2"

# 简体中文: the menu, each game at its start (help card closed), Gomoku with its threat marks and a hint, settings
shot zh-menu 120 --lang zh --data-dir "$TMP/pd-zh0"
shots zh-2048 wait:1.5 key:space wait:0.4 key:Left wait:0.4 shot:start -- --lang zh play 2048 --seed 3 --data-dir "$TMP/pd-zh1"
shots zh-stairs wait:1.5 key:space wait:0.4 shot:start -- --lang zh play stairs --seed 5 --data-dir "$TMP/pd-zh2"
shots zh-mines wait:1.5 key:space wait:0.3 click:240,420 wait:1 shot:start -- --lang zh play minesweeper --seed 2 \
    --data-dir "$TMP/pd-zh3"
shots zh-gomoku wait:1.5 key:space wait:0.3 click:240,400 click:240,280 click:272,400 click:272,280 click:304,400 \
    click:304,280 click:400,550 click:336,280 wait:0.5 key:h wait:3 shot:threats \
    -- --lang zh play tictactoe --variant gomoku --friend --data-dir "$TMP/pd-zh4"
shots zh-menu wait:2 click:240,465 wait:1 shot:settings -- --lang zh --data-dir "$TMP/pd-zh5"

# the window: the smallest tall one, and the sizes a desktop has: a wide window shows the landscape canvas (840x560)
for size in 408x680 800x480 1000x1000 1280x1000 1920x1080; do
    shot "window-$size" 120 --window "$size" --data-dir "$TMP/pd-w$size"
done

# the Text size setting at 150 %: settings (its own row selected) and 2048 with the AI panel, portrait; Minesweeper wide
for d in t150a t150b t150c; do
    mkdir -p "$TMP/pd-$d"
    echo '{"schema":1,"settings":{"text_size":1.5,"help.2048":true,"help.minesweeper":true},"stamps":{},"best":{},"low":{},"history":{},"totals":{},"saves":{}}' > "$TMP/pd-$d/profile.json"
done
shots text150 wait:2 click:240,465 wait:1 key:Down key:Down key:Down key:Down key:Down key:Down wait:0.3 shot:settings \
    -- --data-dir "$TMP/pd-t150a"
shots text150 wait:1.5 key:Left wait:0.3 key:i wait:1.5 shot:2048-panel -- --data-dir "$TMP/pd-t150b" play 2048 --seed 3
shots text150 wait:1.5 key:space wait:0.5 shot:mines-wide -- --data-dir "$TMP/pd-t150c" --window 1260x840 \
    play minesweeper --seed 3

# landscape: every screen in a wide window of 1260x840 (the 840x560 canvas at 1.5; clicks are canvas pixels x 1.5)
W=(--window 1260x840)
shot land-menu 120 "${W[@]}" --data-dir "$TMP/pd-l0"
shots land-menu wait:2 click:846,178 wait:1 key:Down key:Down wait:0.3 shot:settings key:Escape wait:0.8 \
    click:1102,178 wait:1 shot:stats key:Escape wait:0.8 click:846,282 wait:1 shot:help -- "${W[@]}" --data-dir "$TMP/pd-l1"
shots land-2048 wait:1.5 key:space wait:0.4 shot:start key:shift+a wait:12 shot:autoplay \
    -- "${W[@]}" play 2048 --new --seed 3 --data-dir "$TMP/pd-l2"
shots land-stairs wait:1.5 key:space wait:0.4 shot:score0 -- "${W[@]}" play stairs --seed 5 --data-dir "$TMP/pd-l3"
shots land-stairs wait:1.5 key:space wait:0.4 "${climb[@]}" -- "${W[@]}" play stairs --seed 7 --data-dir "$TMP/pd-l4"
shots land-mines wait:1.5 key:space wait:0.3 key:p wait:0.3 shot:expert -- "${W[@]}" play minesweeper --level expert \
    --seed 5 --new --data-dir "$TMP/pd-l5"
shots land-mines wait:1.5 key:space wait:0.3 key:A wait:20 shot:beginner -- "${W[@]}" play minesweeper --level beginner \
    --seed 2 --new --data-dir "$TMP/pd-l6"
shots land-ttt wait:1.5 key:space wait:0.5 key:Right wait:0.1 key:Right wait:0.2 key:Down key:Down key:Down key:Down \
    wait:0.2 key:Return wait:0.6 key:Return wait:1.5 key:Right key:Return wait:1.5 key:h wait:2 shot:gomoku-hint \
    -- "${W[@]}" play tictactoe --data-dir "$TMP/pd-l7"
shots land-ttt wait:1.5 key:space wait:0.5 shot:chooser -- "${W[@]}" play tictactoe --data-dir "$TMP/pd-l8"
# ... and in 简体中文
shot land-zh-menu 120 --lang zh "${W[@]}" --data-dir "$TMP/pd-lz0"
shots land-zh-2048 wait:1.5 key:space wait:0.4 key:Left wait:0.4 shot:start -- --lang zh "${W[@]}" play 2048 --seed 3 \
    --data-dir "$TMP/pd-lz1"
shots land-zh-stairs wait:1.5 key:space wait:0.4 shot:start -- --lang zh "${W[@]}" play stairs --seed 5 --data-dir "$TMP/pd-lz2"
shots land-zh-mines wait:1.5 key:space wait:0.3 key:p wait:0.3 shot:expert -- --lang zh "${W[@]}" play minesweeper \
    --level expert --seed 5 --new --data-dir "$TMP/pd-lz3"
shots land-zh-menu wait:2 click:846,178 wait:1 shot:settings key:Escape wait:0.8 click:1102,178 wait:1 shot:stats \
    -- --lang zh "${W[@]}" --data-dir "$TMP/pd-lz4"
shots land-zh-menu wait:2 click:846,282 wait:1 shot:help -- --lang zh "${W[@]}" --data-dir "$TMP/pd-lz5"
shots land-zh-2048 wait:1.5 key:space wait:0.4 key:Left wait:0.3 key:Escape wait:0.6 shot:paused \
    -- --lang zh "${W[@]}" play 2048 --seed 3 --data-dir "$TMP/pd-lz6"
shots zh-2048 wait:1.5 key:space wait:0.4 key:Left wait:0.3 key:Escape wait:0.6 shot:paused \
    -- --lang zh play 2048 --seed 3 --data-dir "$TMP/pd-lz7"

# a 2048 replay mid-way, its review, and the replay jumped to the costliest move (a game by an imperfect player:
# the AI's move, or a random one 12 % of the time)
SDL_VIDEODRIVER=dummy .venv/bin/python - "$TMP/game.replay" <<'PY' >/dev/null 2>&1
import random, sys
from arcade.engine import replays
from arcade.engine.session import Session
from arcade.game2048 import ai
from arcade.game2048.backend import BACKEND, Params
rng, g = random.Random(5), Session(BACKEND, Params(), 11)
while not g.over:
    if g.state.won and not g.state.keep_playing:
        g.play("keep")
    legal = ai.legal_directions(g.state.grid)
    g.play(rng.choice(legal) if rng.random() < 0.12 else ai.choose(g.state.grid, "expectimax", budget_ms=2).direction)
replays.write_file(g.replay(), sys.argv[1])
PY
shots replay wait:2 click:240,647 wait:0.6 shot:2048-mid key:v wait:10 shot:2048-review key:2 wait:1 shot:2048-jump \
    -- replay "$TMP/game.replay" --data-dir "$TMP/pd-r"
shots land-replay wait:6 key:space wait:0.3 shot:2048 key:v wait:10 shot:2048-review \
    -- --window 1260x840 replay "$TMP/game.replay" --data-dir "$TMP/pd-l9"

# a Minesweeper review: the AI plays expert seed 4 (three guesses, lost on the last), then V and the costliest guess
shots replay wait:1.5 key:space wait:0.3 key:A wait:60 key:v wait:6 shot:mines-review key:1 wait:1.5 shot:mines-jump \
    -- play minesweeper --level expert --seed 4 --new --data-dir "$TMP/pd-mr"

# a Gomoku replay: black's first moves scripted, the rest by the AI's levels, then the replay mid-way
.venv/bin/python - "$TMP/gomoku.replay" <<'PY'
import sys
from arcade.engine import replays
from arcade.engine.session import OPPONENT, PLAYER, Session
from arcade.tictactoe import ai
from arcade.tictactoe.backend import BACKEND, Params
s = Session(BACKEND, Params("gomoku", "ai", "X", "medium"), 1)
script, i = [(7, 7), (6, 8), (8, 6)], 0
while not s.over and s.moves_played < 60:
    pos = s.state
    if pos.to_move != pos.human:
        s.play(ai.choose(pos.rows, 5, level="medium"), by=OPPONENT)
    else:
        move = script[i] if i < len(script) and pos.rows[script[i][0]][script[i][1]] == "." else \
            ai.choose(pos.rows, 5, level="easy")
        i += 1
        s.play(move, by=PLAYER)
replays.write_file(s.replay(), sys.argv[1])
PY
shots replay wait:2 key:x wait:4 shot:gomoku -- replay "$TMP/gomoku.replay" --data-dir "$TMP/pd-g"

# the README's strip: five of them side by side at half size
.venv/bin/python - "$OUT" <<'PY' 2>/dev/null
import os, sys
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame
out = sys.argv[1]
names = ["menu-start", "2048-autoplay", "stairs-score50", "ttt-gomoku-won", "mines-odds"]
strip = pygame.Surface((len(names) * 240 + (len(names) - 1) * 8, 400))
strip.fill((250, 248, 239))
for i, n in enumerate(names):
    strip.blit(pygame.transform.smoothscale(pygame.image.load(f"{out}/{n}.png"), (240, 400)), (i * 248, 0))
pygame.image.save(strip, f"{out}/strip.png")
PY
ls -1 "$OUT"

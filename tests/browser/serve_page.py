"""gamesolve serve's page in a real headless Chromium, driven by Playwright for Python.

Run by tests/integration/serve.rs with the address of a server that serves an m,n,k table as
`mnk` and a 2x2 dots-and-boxes table as `dots`, and a folder for its screenshots (never the
repository). Every value the page shows is compared with what the server's API answers for the
same position, which the Rust tests compare with `probe`. Exits non-zero with a message at the
first difference, or when the browser logs an error.

With `tour` after them, it walks every game the server serves instead (any games).

Usage: serve_page.py BASE_URL OUTPUT_DIR CHROMIUM [tour]
"""

import json
import sys
import urllib.parse
import urllib.request

from playwright.sync_api import sync_playwright


def api(base, path, **params):
    url = f"{base}{path}?{urllib.parse.urlencode(params)}"
    with urllib.request.urlopen(url, timeout=20) as response:
        return json.load(response)


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def position_of(page):
    """The position the page shows, from its address (#game=ID&position=TEXT)."""
    fragment = urllib.parse.urlparse(page.url).fragment
    return urllib.parse.parse_qs(fragment, keep_blank_values=True)["position"][0]


def shown_moves(page):
    """The move list as the page shows it: (move, value text) in order."""
    rows = page.eval_on_selector_all(
        "#moves button", "buttons => buttons.map(b => [...b.querySelectorAll('span')].map(s => s.textContent))"
    )
    return [tuple(row) for row in rows]


def expect_api_moves(page, base, game, position):
    """Waits until the page shows `position`, then checks its value and every move against
    the API's answer: the same moves, in the API's order (best first), with their values."""
    page.wait_for_function(
        "p => document.getElementById('notation').dataset.position === p", arg=position, timeout=10_000
    )
    answer = api(base, "/api/position", game=game, position=position)
    moves = shown_moves(page)
    check(len(moves) == len(answer["moves"]), f"{game} {position}: {moves} against {answer['moves']}")
    for (name, words), move in zip(moves, answer["moves"]):
        check(name == move["move"], f"{game} {position}: move {name}, the API lists {move['move']}")
        check(words.startswith(move["value"]["words"]), f"{game} {position}: {name} {words} against {move['value']}")
    check(answer["value"]["words"] in page.inner_text("#value"), f"{game} {position}: {page.inner_text('#value')}")
    return answer


def chart_points(page):
    return page.locator("#chart circle").count()


def expect_chart_ends_with(page, plies, answer):
    """The chart's last point is ply `plies`, with the value the API gives the position."""
    titles = page.eval_on_selector_all("#chart circle title", "ts => ts.map(t => t.textContent)")
    want = f"ply {plies}: {answer['value']['words']}"
    check(titles and titles[-1] == want, f"the chart ends with {titles[-1:] or 'nothing'}, not {want}")


def play_to_the_end(page, base, game, limit=None):
    """Computer moves until the game is over (or `limit` plies, or a best move the page cannot
    play: one that leaves no one position, or one a live search left unknown), each position
    checked; returns the plies."""
    plies = 0
    start = None
    while True:
        answer = expect_api_moves(page, base, game, position_of(page))
        # The ply the game was at when asked, once the page shows the position.
        start = chart_points(page) - 1 if start is None else start
        expect_chart_ends_with(page, start + plies, answer)
        first = answer["moves"][0] if answer["moves"] else None
        unplayable = first is None or first["position"] is None or first["value"]["kind"] == "unknown"
        if unplayable or plies == limit:
            check(page.is_disabled("#computer") == unplayable, f"{game} {answer['position']}: the computer's button")
            return plies
        page.click("#computer")
        plies += 1
        page.wait_for_function(
            "p => document.getElementById('notation').dataset.position !== p",
            arg=answer["position"],
            timeout=10_000,
        )


def tour(base, out, chromium):
    """Every game served, from its start: the computer plays up to 16 plies (loopy games may
    go on forever), every position shown as the API values it; a screenshot of each."""
    errors = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1000, "height": 900})
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{base}/")
        for game in api(base, "/api/games")["games"]:
            page.select_option("#game", game["id"])
            plies = play_to_the_end(page, base, game["id"], limit=16)
            page.screenshot(path=f"{out}/tour-{game['id']}.png", full_page=True)
            print(f"{game['id']}: {plies} plies")
        browser.close()
    check(not errors, f"the browser logged errors: {errors}")


def main():
    base, out, chromium = sys.argv[1].rstrip("/"), sys.argv[2], sys.argv[3]
    if sys.argv[4:] == ["tour"]:
        return tour(base, out, chromium)
    errors = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1200, "height": 1000})
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))

        # m,n,k from its start: a click on a move (its button on the board), then on the list.
        page.goto(f"{base}/#game=mnk")
        start = api(base, "/api/games")["games"][0]["start"]
        expect_api_moves(page, base, "mnk", start)
        page.click("#picture button.cell >> nth=4")
        after_board = position_of(page)
        check(after_board != start, "a click on the board plays a move")
        expect_api_moves(page, base, "mnk", after_board)
        page.click("#moves button >> nth=0")
        expect_api_moves(page, base, "mnk", position_of(page))
        check(chart_points(page) == 3, f"the chart has a point a ply: {chart_points(page)}")
        # Undo twice and redo once: back and forth along the game.
        page.click("#undo")
        page.click("#undo")
        expect_api_moves(page, base, "mnk", start)
        page.click("#redo")
        expect_api_moves(page, base, "mnk", after_board)
        # The computer to the end: a tie after 9 plies in all (3x3 tic-tac-toe is a tie).
        plies = play_to_the_end(page, base, "mnk")
        check(plies == 8, f"the computer ended the game after {plies} more plies, not 8")
        check(chart_points(page) == 10, f"the chart has {chart_points(page)} points for 9 plies")
        check("Finished: tie" in page.inner_text("#value"), page.inner_text("#value"))
        page.screenshot(path=f"{out}/mnk-played.png", full_page=True)

        # Dots and boxes, picked from the list, played to the end by the computer: the boxes
        # each side took differ by the start's value for the first player (A).
        page.select_option("#game", "dots")
        dots_start = api(base, "/api/position", game="dots", position="empty")
        plies = play_to_the_end(page, base, "dots")
        check(plies == 12, f"2x2 dots and boxes took {plies} plies, not its 12 lines")
        a = page.locator("#picture text", has_text="A").count()
        b = page.locator("#picture text", has_text="B").count()
        check(a + b == 4, f"boxes A {a}, B {b}")
        check(a - b == dots_start["value"]["score"], f"A {a} - B {b} is not the start's {dots_start['value']}")
        page.screenshot(path=f"{out}/dots-played.png", full_page=True)

        # A linked position, in a new page: shown as the API values it.
        linked = browser.new_page(viewport={"width": 390, "height": 844})
        linked.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        linked.on("pageerror", lambda e: errors.append(str(e)))
        position = "XO./..X/..."
        linked.goto(f"{base}/#{urllib.parse.urlencode({'game': 'mnk', 'position': position})}")
        expect_api_moves(linked, base, "mnk", position)
        # Readable at phone width: nothing wider than the screen.
        width = linked.evaluate("document.documentElement.scrollWidth")
        check(width <= 390, f"the page is {width} px wide at a phone's 390")
        linked.wait_for_selector("#stats table")
        linked.screenshot(path=f"{out}/mnk-linked-phone.png", full_page=True)
        browser.close()
    check(not errors, f"the browser logged errors: {errors}")
    print("the page agrees with the API")


if __name__ == "__main__":
    main()

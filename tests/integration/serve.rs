//! `gamesolve serve` end to end over HTTP: the server started on a free port with tables that
//! `solve` wrote, asked as a script would. Its values must be `probe`'s on the same tables, its
//! moves sorted best first, its statistics those of `gamesolve stats` (which solves the game
//! again with every engine), its checksums those `solve` reported; bad requests get a 400 with
//! a JSON error, the page and its assets load, many clients at once and clients that go away
//! leave it serving, and Ctrl-C ends it with exit 0.

use crate::common::assert_best_first;
use crate::common::cli::gamesolve;
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

fn json_of(out: &Output) -> Value {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("a JSON report")
}

/// Solves `game words` into `dir/name.table`; returns the file and `solve`'s JSON report.
fn solve(dir: &std::path::Path, name: &str, game: &str, words: &[&str]) -> (String, Value) {
    let table = dir.join(format!("{name}.table")).to_str().unwrap().to_string();
    let mut args = vec!["solve", game];
    args.extend(words);
    args.extend(["--out", &table, "--format", "json"]);
    let report = json_of(&gamesolve(&args, ""));
    (table, report)
}

/// A running `gamesolve serve`, killed when dropped (a test that failed leaves nothing behind).
struct Server {
    child: Child,
    /// `127.0.0.1:PORT`, from its first line.
    address: String,
}

impl Server {
    fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gamesolve"))
            .arg("serve")
            .args(args)
            .args(["--port", "0"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let address = line
            .trim_end()
            .strip_prefix("serving on http://")
            .and_then(|rest| rest.strip_suffix('/'))
            .unwrap_or_else(|| panic!("the first line names the address: {line:?}"))
            .to_string();
        Server { child, address }
    }

    /// `GET path` on a connection of its own: the status, the headers (lowercase), the body.
    fn get(&self, path: &str) -> (u16, String, String) {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        write!(stream, "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n", self.address).unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        let (head, body) = answer.split_once("\r\n\r\n").expect("headers, then a body");
        let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).expect("a status line");
        (status, head.to_lowercase(), body.to_string())
    }

    /// `GET path`, which must succeed with JSON.
    fn json(&self, path: &str) -> Value {
        let (status, head, body) = self.get(path);
        assert_eq!(status, 200, "{path}: {body}");
        assert!(head.contains("content-type: application/json"), "{head}");
        serde_json::from_str(&body).unwrap()
    }

    /// `/api/position` for `position` of the game `id`.
    fn position(&self, id: &str, position: &str) -> Value {
        self.json(&format!("/api/position?game={id}&position={}", encode(position)))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `text` percent-encoded for a query string: everything but letters, digits and `-._~`.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// A value of `probe --format json` (`{kind, remoteness}` or a score) in the API's form:
/// (kind, remoteness, score).
fn from_probe(value: &Value) -> (String, Option<u64>, Option<i64>) {
    match value.as_i64() {
        Some(score) => ("score".to_string(), None, Some(score)),
        None => (value["kind"].as_str().unwrap().to_string(), value["remoteness"].as_u64(), None),
    }
}

fn from_api(value: &Value) -> (String, Option<u64>, Option<i64>) {
    (value["kind"].as_str().unwrap().to_string(), value["remoteness"].as_u64(), value["score"].as_i64())
}

/// `position` of the table `table` served as `id`: the API's value and every move's equal
/// `probe`'s, the moves are sorted and the first is one of probe's best; returns the answer.
fn agrees_with_probe(server: &Server, id: &str, table: &str, position: &str) -> Value {
    let probed = json_of(&gamesolve(&["probe", table, position, "--format", "json"], ""));
    let answer = server.position(id, position);
    let context = format!("{id} {position}");
    assert_eq!(answer["position"], probed["position"], "{context}");
    assert_eq!(answer["index"], probed["index"], "{context}");
    assert_eq!(from_api(&answer["value"]), from_probe(&probed["value"]), "{context}");
    let moves = answer["moves"].as_array().unwrap();
    let probed_moves = probed["moves"].as_array().unwrap();
    assert_eq!(moves.len(), probed_moves.len(), "{context}");
    assert_eq!(answer["finished"], moves.is_empty(), "{context}");
    for m in moves {
        let name = &m["move"];
        let expected = probed_moves.iter().find(|p| &p["move"] == name).unwrap_or_else(|| panic!("{context}: {name}"));
        assert_eq!(from_api(&m["value"]), from_probe(&expected["value"]), "{context}: {name}");
        let best = probed["best_moves"].as_array().unwrap().iter().any(|b| &b["move"] == name);
        assert_eq!(m["best"], best, "{context}: {name}");
    }
    assert_best_first(moves, &context);
    if let Some(first) = moves.first() {
        assert_eq!(first["best"], true, "{context}: the first move is a best move");
    }
    answer
}

#[test]
fn positions_are_valued_as_probe_values_them_and_the_best_move_plays_a_game_to_its_end() {
    let dir = tempfile::tempdir().unwrap();
    let (mnk, _) = solve(dir.path(), "mnk", "mnk", &["m=3", "n=3", "k=3"]);
    let (dots, _) = solve(dir.path(), "dots", "dots-and-boxes", &["rows=2", "cols=2"]);
    let server = Server::start(&[&mnk, &dots]);
    let games = server.json("/api/games");
    let ids: Vec<&str> = games["games"].as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["mnk", "dots"]);
    assert_eq!(games["games"][0]["source"], mnk.as_str());
    assert_eq!(games["games"][0]["start"], ".../.../...");
    assert_eq!(games["games"][1]["game"], "dots-and-boxes");
    assert_eq!(games["games"][1]["params"]["rows"], "2");
    // The start, a position in the middle, a finished board, by number and in notation.
    for position in ["#0", "#100", "#2000", "#5477", "XO./.OX/..."] {
        agrees_with_probe(&server, "mnk", &mnk, position);
    }
    for position in ["#0", "#77", "#1000", "#4095", "1-2 4-5"] {
        agrees_with_probe(&server, "dots", &dots, position);
    }
    // The computer's move (the first listed) from the start to the end of each game: every
    // position on the way as probe values it; a move's position is the one it leads to.
    for (id, table) in [("mnk", &mnk), ("dots", &dots)] {
        let mut position = games["games"].as_array().unwrap().iter().find(|g| g["id"] == id).unwrap()["start"]
            .as_str()
            .unwrap()
            .to_string();
        let mut plies = 0;
        loop {
            let answer = agrees_with_probe(&server, id, table, &position);
            let Some(first) = answer["moves"].as_array().unwrap().first() else { break };
            position = first["position"].as_str().unwrap().to_string();
            plies += 1;
        }
        // 3x3 tic-tac-toe is a tie in 9 (perfect play fills the board); 2x2 dots and boxes
        // has 12 lines.
        assert_eq!(plies, if id == "mnk" { 9 } else { 12 }, "{id}");
    }
}

#[test]
fn a_game_solved_at_start_up_has_the_stored_tables_values_statistics_and_checksum() {
    let dir = tempfile::tempdir().unwrap();
    let (mnk, report) = solve(dir.path(), "t", "mnk", &["m=3", "n=3", "k=3"]);
    // A table first, then two games: each --game's words up to the next name.
    let server = Server::start(&[&mnk, "--game", "mnk", "m=3", "n=3", "k=3", "--game", "chomp", "rows=2", "cols=5"]);
    let games = server.json("/api/games");
    let ids: Vec<&str> = games["games"].as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["t", "mnk-k3-m3-n3", "chomp-cols5-rows2"]);
    assert_eq!(games["games"][2]["params"]["rows"], "2");
    let game = &games["games"][1];
    assert_eq!(game["source"], "solved at start-up");
    let id = game["id"].as_str().unwrap();
    for position in ["#0", "#1", "#100", "#5000"] {
        agrees_with_probe(&server, id, &mnk, position);
    }
    let stats = server.json(&format!("/api/stats?game={id}"));
    // The table held in memory is the one `solve --out` writes, record for record.
    assert_eq!(stats["checksum"], report["table"]["checksum"]);
    assert_eq!(stats["positions"], 5478);
    // `gamesolve stats` solves the game again with every engine and counts the values.
    let expected = json_of(&gamesolve(&["stats", "mnk", "m=3", "n=3", "k=3", "--format", "json"], ""));
    assert_eq!(stats["by_kind"], expected["counts"]);
    let histogram: Vec<(String, u64)> = stats["histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| (h["value"]["words"].as_str().unwrap().to_string(), h["count"].as_u64().unwrap()))
        .collect();
    let mut want: Vec<(String, u64)> = expected["histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| (h["label"].as_str().unwrap().to_string(), h["count"].as_u64().unwrap()))
        .collect();
    let mut got = histogram.clone();
    got.sort();
    want.sort();
    assert_eq!(got, want);
    assert_eq!(stats["extreme"]["what"], "the longest win");
    assert_eq!(stats["extreme"]["position"], expected["extreme"]["position"]);
    assert_eq!(stats["extreme"]["value"]["words"], expected["extreme"]["value"]);
}

#[test]
fn a_stored_tables_statistics_are_those_of_stats_with_the_checksum_solve_reported() {
    let dir = tempfile::tempdir().unwrap();
    let (dots, report) = solve(dir.path(), "dots", "dots-and-boxes", &["rows=2", "cols=2"]);
    let server = Server::start(&[&dots]);
    let stats = server.json("/api/stats?game=dots");
    assert_eq!(stats["checksum"], report["table"]["checksum"]);
    assert_eq!(stats["bytes"], report["table"]["bytes"]);
    let expected = json_of(&gamesolve(&["stats", "dots-and-boxes", "rows=2", "cols=2", "--format", "json"], ""));
    let counts = &expected["counts"];
    assert_eq!(stats["by_kind"]["ahead"], counts["ahead (value > 0)"]);
    assert_eq!(stats["by_kind"]["level"], counts["level (value 0)"]);
    assert_eq!(stats["by_kind"]["behind"], counts["behind (value < 0)"]);
    let scores: Vec<(String, u64)> = stats["histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| (h["value"]["words"].as_str().unwrap().to_string(), h["count"].as_u64().unwrap()))
        .collect();
    let want: Vec<(String, u64)> = expected["histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| (h["label"].as_str().unwrap().to_string(), h["count"].as_u64().unwrap()))
        .collect();
    assert_eq!(scores, want, "from the lowest score up");
    assert_eq!(stats["extreme"]["position"], expected["extreme"]["position"]);
    assert_eq!(stats["extreme"]["value"]["words"], expected["extreme"]["value"]);
}

#[test]
fn bad_requests_get_a_400_naming_what_is_wrong_and_the_page_loads() {
    let dir = tempfile::tempdir().unwrap();
    let (mnk, _) = solve(dir.path(), "mnk", "mnk", &["m=3", "n=3", "k=3"]);
    let server = Server::start(&[&mnk]);
    let cases = [
        ("/api/position?game=chess&position=x", "no game `chess`"),
        ("/api/position?position=x", "missing parameter `game`"),
        ("/api/position?game=mnk", "missing parameter `position`"),
        ("/api/position?game=mnk&position=XXX%2F...", "position `XXX/...`"),
        ("/api/position?game=mnk&position=%23999999", "position `#999999`"),
        ("/api/stats?game=..%2Fmnk.table", "no game `../mnk.table`"),
        ("/api/stats", "missing parameter `game`"),
    ];
    for (path, says) in cases {
        let (status, head, body) = server.get(path);
        assert_eq!(status, 400, "{path}: {body}");
        assert!(head.contains("content-type: application/json"), "{path}: {head}");
        let error: Value = serde_json::from_str(&body).unwrap();
        assert!(error["error"].as_str().unwrap().contains(says), "{path}: {body}");
    }
    assert_eq!(server.get("/no/such/page").0, 404);
    for (path, content_type) in [
        ("/", "text/html"),
        ("/page.js", "text/javascript"),
        ("/page.css", "text/css"),
        ("/favicon.svg", "image/svg+xml"),
    ] {
        let (status, head, body) = server.get(path);
        assert_eq!(status, 200, "{path}");
        assert!(head.contains(&format!("content-type: {content_type}")), "{path}: {head}");
        assert!(head.contains("content-security-policy: default-src 'self'"), "{path}: {head}");
        assert!(!body.is_empty(), "{path}");
    }
    let page = server.get("/").2;
    assert!(page.contains("page.js") && page.contains("page.css"), "{page}");
    // Nothing is fetched from elsewhere: no address in the page but SVG's namespace name.
    for (path, text) in [("/", page), ("/page.js", server.get("/page.js").2), ("/page.css", server.get("/page.css").2)]
    {
        let text = text.replace("\"http://www.w3.org/2000/svg\"", "");
        assert!(!text.contains("http://") && !text.contains("https://") && !text.contains("//cdn"), "{path}");
    }
}

#[test]
fn many_clients_at_once_and_clients_that_go_away_leave_it_serving_and_ctrl_c_ends_it() {
    let dir = tempfile::tempdir().unwrap();
    let (mnk, _) = solve(dir.path(), "mnk", "mnk", &["m=3", "n=3", "k=3"]);
    let mut server = Server::start(&[&mnk]);
    let expected = server.position("mnk", "#100");
    std::thread::scope(|scope| {
        for t in 0..16 {
            let server = &server;
            let expected = &expected;
            scope.spawn(move || {
                for i in 0..10 {
                    match (t + i) % 3 {
                        0 => assert_eq!(&server.position("mnk", "#100"), expected),
                        1 => assert_eq!(server.json("/api/stats?game=mnk")["positions"], 5478),
                        _ => {
                            // A client that sends half a request, or asks and leaves unread.
                            let mut stream = TcpStream::connect(&server.address).unwrap();
                            let request = if t % 2 == 0 {
                                "GET /api/position?game=mnk&posi".to_string()
                            } else {
                                format!("GET /api/stats?game=mnk HTTP/1.1\r\nHost: {}\r\n\r\n", server.address)
                            };
                            stream.write_all(request.as_bytes()).unwrap();
                        }
                    }
                }
            });
        }
    });
    assert_eq!(server.position("mnk", "#100"), expected);
    // A client in the middle of its request when Ctrl-C comes does not keep the server up.
    let mut unfinished = TcpStream::connect(&server.address).unwrap();
    unfinished.write_all(b"GET /api/games HTTP/1.1\r\n").unwrap();
    let pid = nix::unistd::Pid::from_raw(server.child.id() as i32);
    nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGINT).unwrap();
    let status = server.child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
    drop(unfinished);
}

#[test]
fn nothing_to_serve_a_file_that_is_no_table_and_a_bad_game_are_refused() {
    let out = gamesolve(&["serve"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nothing to serve"));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("not-a-table");
    std::fs::write(&file, "hello").unwrap();
    let out = gamesolve(&["serve", file.to_str().unwrap(), "--port", "0"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not-a-table"), "{}", String::from_utf8_lossy(&out.stderr));
    let out = gamesolve(&["serve", "--game", "mnk", "m=0", "--port", "0"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("mnk"), "{}", String::from_utf8_lossy(&out.stderr));
}

/// A searched value agrees with a table's: the same kind, the same remoteness for a win or a
/// loss (a search does not compute a tie's), the same score.
fn searched_agrees(searched: &Value, table: &Value) -> bool {
    let (kind, remoteness, score) = from_api(searched);
    let (want_kind, want_remoteness, want_score) = from_api(table);
    kind == want_kind && score == want_score && (kind == "tie" || remoteness == want_remoteness)
}

/// The ids of the games a server serves, in order.
fn ids(server: &Server) -> Vec<String> {
    let games = server.json("/api/games");
    games["games"].as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap().to_string()).collect()
}

/// A game served by live search (the crate's own m,n,k search; chomp through its family's
/// search on the space) against the same game's table solved at start-up, position by
/// position along a whole game: the same position, value and move values, sorted the same.
#[test]
fn a_game_searched_live_has_the_tables_values_along_a_whole_game() {
    let server = Server::start(&[
        "--game", "mnk", "m=3", "n=3", "k=3", "--search", "mnk", "m=3", "n=3", "k=3", //
        "--game", "chomp", "rows=2", "cols=5", "--search", "chomp", "rows=2", "cols=5",
    ]);
    let ids = ids(&server);
    // Tables first, then the games solved, then the games searched.
    assert_eq!(ids, ["mnk-k3-m3-n3", "chomp-cols5-rows2", "mnk-k3-m3-n3-search", "chomp-cols5-rows2-search"]);
    let games = server.json("/api/games");
    assert_eq!(games["games"][2]["searched"], true);
    assert_eq!(games["games"][2]["source"], "searched live");
    assert_eq!(games["games"][2]["positions"], Value::Null);
    assert_eq!(games["games"][0]["searched"], false);
    for solved in [0, 1] {
        let (table_id, search_id) = (&ids[solved], &ids[solved + 2]);
        let mut position = games["games"][solved]["start"].as_str().unwrap().to_string();
        assert_eq!(games["games"][solved + 2]["start"], games["games"][solved]["start"]);
        loop {
            let table = server.position(table_id, &position);
            let searched = server.position(search_id, &position);
            let context = format!("{search_id} {position}");
            assert_eq!(searched["searched"], true, "{context}");
            assert_eq!(searched["position"], table["position"], "{context}");
            assert!(searched_agrees(&searched["value"], &table["value"]), "{context}: {searched} against {table}");
            let moves = searched["moves"].as_array().unwrap();
            let table_moves = table["moves"].as_array().unwrap();
            // A search may leave out a move provably no better than one it lists.
            assert!(!moves.is_empty() || table_moves.is_empty(), "{context}");
            for m in moves {
                let name = &m["move"];
                let expected =
                    table_moves.iter().find(|t| &t["move"] == name).unwrap_or_else(|| panic!("{context}: {name}"));
                assert_eq!(m["position"], expected["position"], "{context}: {name}");
                assert!(searched_agrees(&m["value"], &expected["value"]), "{context}: {name}: {m} against {expected}");
            }
            assert_best_first(moves, &context);
            let Some(first) = table_moves.first() else { break };
            position = first["position"].as_str().unwrap().to_string();
        }
    }
}

/// A position past the node budget is answered at once as unknown, every move unknown (the
/// empty 7x6 Connect Four board within 1,000 positions), while a finished one is still valued;
/// a searched game has no statistics, and a bad position is a 400.
#[test]
fn a_position_past_the_node_budget_is_unknown_and_a_searched_game_has_no_statistics() {
    let server = Server::start(&["--search", "connect-four", "--budget", "1000"]);
    let id = "connect-four-height6-width7-search";
    assert_eq!(ids(&server), [id]);
    let start = server.position(id, "");
    assert_eq!(start["value"]["kind"], "unknown", "{start}");
    assert_eq!(start["node_budget"], 1000);
    let moves = start["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 7);
    assert!(moves.iter().all(|m| m["value"]["kind"] == "unknown" && m["best"] == false), "{start}");
    // The first player's four along the bottom row: the second player, to move, has lost.
    let won = server.position(id, "4455667");
    assert_eq!((won["finished"].as_bool(), from_api(&won["value"])), (Some(true), ("loss".to_string(), Some(0), None)));
    for (path, says) in [
        (format!("/api/stats?game={id}"), "searched live"),
        (format!("/api/position?game={id}&position=8"), "not a position of Connect Four"),
        (format!("/api/position?game={id}&position=4444444"), "column 4 is full"),
    ] {
        let (status, _, body) = server.get(&path);
        assert_eq!(status, 400, "{path}: {body}");
        assert!(body.contains(says), "{path}: {body}");
    }
    let out = gamesolve(&["serve", "--search", "chopsticks", "--port", "0"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("may loop"), "{}", String::from_utf8_lossy(&out.stderr));
}

/// An impartial game's position may be a sum, valued by the xor of its parts' nimbers. The
/// subtraction game S(1,3,4) has the nimbers 0 1 0 1 2 3 2, repeating with period 7 (Berlekamp,
/// Conway and Guy, Winning Ways, ch. 4); a sum of two equal games is 0 (the mirror strategy).
#[test]
fn an_impartial_games_sums_are_valued_by_the_xor_of_their_parts_nimbers() {
    let server = Server::start(&["--game", "subtraction", "take=1,3,4", "heap=20"]);
    let id = &ids(&server)[0];
    let period = [0, 1, 0, 1, 2, 3, 2];
    for heap in 0..=20 {
        let answer = server.position(id, &heap.to_string());
        assert_eq!(answer["value"]["nimber"], period[heap % 7], "heap {heap}");
    }
    for (sum, nimber) in [("5 + 6", 1), ("7 + 7", 0), ("13 + 13", 0), ("4 + 5 + 6", 3), ("nothing", 0)] {
        let answer = server.position(id, sum);
        assert_eq!(answer["value"]["nimber"], nimber, "{sum}: {answer}");
        assert_eq!(answer["position"], sum);
    }
    // From 5 + 6 (*3 + *2), the moves to a sum of nimber 0: 6 to 5 (*3), and 5 to 4 (*2).
    let answer = server.position(id, "5 + 6");
    let winning: Vec<&str> = answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["value"]["nimber"] == 0)
        .map(|m| m["position"].as_str().unwrap())
        .collect();
    assert_eq!(winning, ["4 + 6", "5 + 5"]);
    assert!(answer["moves"].as_array().unwrap().iter().all(|m| (m["best"] == true) == (m["value"]["nimber"] == 0)));
    assert_eq!(answer["moves"][0]["move"], "part 1 (5): take 1");
    let nothing = server.position(id, "nothing");
    assert_eq!(nothing["finished"], true);
    let (status, _, body) = server.get(&format!("/api/position?game={id}&position={}", encode("3 +")));
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("on each side of every `+`"), "{body}");
}

/// Chromium's path, or `None` (with a message) where it or Playwright for Python is missing
/// and the browser tests are not required (GAMESOLVE_BROWSER_TEST=required, as in CI, which
/// installs both).
fn browser() -> Option<String> {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".to_string());
    let required = std::env::var("GAMESOLVE_BROWSER_TEST").is_ok_and(|v| v == "required");
    let playwright = Command::new("python3")
        .args(["-c", "import playwright.sync_api"])
        .output()
        .is_ok_and(|out| out.status.success());
    let missing = if !std::path::Path::new(&chromium).exists() {
        Some(format!("no Chromium at {chromium} (apt-get install chromium, or set CHROMIUM)"))
    } else if !playwright {
        Some("no Playwright for Python (pip install playwright)".to_string())
    } else {
        None
    };
    match missing {
        Some(missing) => {
            assert!(!required, "GAMESOLVE_BROWSER_TEST=required, but {missing}");
            eprintln!("skipped a browser test of `gamesolve serve`: {missing}");
            None
        }
        None => Some(chromium),
    }
}

/// Runs tests/browser/serve_page.py on `server` (with `extra` arguments) in `chromium`; its
/// screenshots go to `serve-browser/` in cargo's temporary folder for tests, never into the
/// repository.
fn drive(server: &Server, chromium: &str, extra: &[&str]) {
    let out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-browser");
    std::fs::create_dir_all(&out).unwrap();
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser/serve_page.py");
    let run = Command::new("python3")
        .arg(script)
        .arg(format!("http://{}/", server.address))
        .arg(&out)
        .arg(chromium)
        .args(extra)
        .output()
        .expect("python3 runs");
    assert!(run.status.success(), "{}{}", String::from_utf8_lossy(&run.stdout), String::from_utf8_lossy(&run.stderr));
}

/// The page in a real headless Chromium, driven by Playwright for Python
/// (tests/browser/serve_page.py): an m,n,k game played by clicks on the board and on the move
/// list, undone and redone, then by the computer to its end; a dots-and-boxes game picked from
/// the list and played to its end, the boxes each side took matching the start's value; a
/// linked position at phone width; every move list and value shown equal to the API's, no
/// error in the browser's console.
#[test]
fn the_page_plays_both_games_in_a_headless_browser_as_the_api_values_them() {
    let Some(chromium) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let (mnk, _) = solve(dir.path(), "mnk", "mnk", &["m=3", "n=3", "k=3"]);
    let (dots, _) = solve(dir.path(), "dots", "dots-and-boxes", &["rows=2", "cols=2"]);
    let server = Server::start(&[&mnk, &dots]);
    drive(&server, &chromium, &[]);
}

/// Every registered game, at the smallest of the sizes `verify` checks, solved at start-up
/// and played by the computer in the browser from its start (up to 16 plies), then games
/// searched live (4x4 Connect Four and 2x2 dots and boxes, played to their end; 7x6 Connect
/// Four, whose start is past the budget, so the computer cannot move), every position shown as
/// the API values it, no error in the console.
#[test]
fn every_registered_game_is_played_in_the_browser_from_its_start() {
    let Some(chromium) = browser() else { return };
    let mut args: Vec<String> = Vec::new();
    for target in gamesolve::registry::spaces() {
        let smallest = gamesolve::registry::verified()
            .filter(|(t, _)| t.name == target.name)
            .map(|(_, words)| words.split_whitespace().map(str::to_string).collect::<Vec<_>>())
            .min_by_key(|words| gamesolve::tables::open_game(target.name, words).map_or(u64::MAX, |g| g.positions()))
            .unwrap_or_default();
        args.extend(["--game".to_string(), target.name.to_string()]);
        args.extend(smallest);
    }
    for search in ["connect-four width=4 height=4", "dots-and-boxes rows=2 cols=2", "connect-four"] {
        args.push("--search".to_string());
        args.extend(search.split(' ').map(str::to_string));
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let server = Server::start(&args);
    drive(&server, &chromium, &["tour"]);
}

"""The typed game through the real CLI: command files, logs, bad input, and a SIGKILL in
the middle of the night followed by a resume that loses nothing."""
import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import threading

import pytest

PLAYERS = "Ann,Ben,Cat,Dan,Eve,Fay,Gus"
CHARS = "empath,virgin,monk,imp,poisoner,fortuneteller,chef"
ENV = {**os.environ, "PYTHONUNBUFFERED": "1"}


def narrator(*args, **kw):
    return subprocess.run([sys.executable, "-m", "narrator", *args], capture_output=True,
                          text=True, env=ENV, timeout=120, **kw)


def private_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("[private]")]


@pytest.mark.parametrize("args,fragment", [
    (["--players", "Ann,Ben,Cat,Dan"], "5 to 15 players"),
    (["--players", "Ann,Ben,Cat,Dan,Eve,Ann"], "same name, Ann: add an initial"),
    (["--players", "Ann,Ben,,Dan,Eve"], "--players: name 3 is empty"),
    (["--players", PLAYERS, "--travellers", "Zed,"], "--travellers: name 2 is empty"),
    (["--players", "Ann,Ben,Cat,Dan," + "x" * 31], "a name of at most 30 characters"),
    (["--players", "1,2,3,4,5"], "1 cannot be a player's name: a name with a number in it is heard as a seat"),
    (["--players", PLAYERS, "--characters", "imp,chef,wizzard,monk,empath,saint,spy"],
     "unknown characters: wizzard (did you mean wizard?)"),
    (["--players", PLAYERS, "--script", "No Such Script"], "no bundled script"),
    (["--players", PLAYERS, "--script", "/nonexistent.json"], "no such script file"),
])
def test_bad_arguments_exit_2_with_a_clear_message(tmp_path, args, fragment):
    r = narrator("play", "--game", str(tmp_path / "g.sqlite"), *args)
    assert r.returncode == 2
    assert fragment in r.stderr
    assert not (tmp_path / "g.sqlite").exists()


@pytest.mark.parametrize("bad", [["--set", "game.nope=1"], ["--set", "nope"], ["--config", "/nonexistent.toml"]])
def test_a_bad_config_value_is_refused_by_play_and_resume_as_by_every_command(tmp_path, bad):
    for command in (["play", "--players", PLAYERS, "--game", str(tmp_path / "g.sqlite")],
                    ["resume", "--game", str(tmp_path / "g.sqlite")]):
        r = narrator(*command, "--commands", os.devnull, *bad)
        assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
        assert not (tmp_path / "g.sqlite").exists()


def test_play_and_resume_keep_games_where_the_config_says(tmp_path):
    """``--set game.data_dir``: the journal is made in its games folder and resumed from it;
    ``game.default_script`` is the script where --script is left out."""
    data = tmp_path / "elsewhere"
    where = ["--set", f"game.data_dir={data}", "--commands", os.devnull]
    r = narrator("play", "--players", PLAYERS, "--set", "game.default_script=Bad Moon Rising", *where)
    assert r.returncode == 0, r.stderr
    made = list((data / "games").glob("*.sqlite"))
    assert len(made) == 1 and "Welcome to Bad Moon Rising" in r.stdout
    r = narrator("resume", *where)
    assert r.returncode == 0 and made[0].name in r.stderr, r.stderr


def test_resume_of_a_missing_game_exits_2(tmp_path):
    r = narrator("resume", "--game", str(tmp_path / "none.sqlite"))
    assert r.returncode == 2 and "no such game file" in r.stderr


def test_a_command_file_plays_to_a_winner_and_logs_json_lines(tmp_path):
    commands = tmp_path / "cmds.txt"
    commands.write_text("\n".join([
        "next", "next  # minion info", "next  # demon info",
        "the poisoner chooses seat 1",
        "seat 17",                           # no such seat: rejected, nothing changes
        "who wants pizza",                   # not a command
    ]) + "\n")
    log = tmp_path / "log.jsonl"
    r = narrator("play", "--players", PLAYERS, "--characters", CHARS, "--seed", "5",
                 "--game", str(tmp_path / "g.sqlite"), "--commands", str(commands),
                 "--log", str(log))
    assert r.returncode == 0, r.stderr
    entries = [json.loads(line) for line in log.read_text().splitlines()]
    speech = [e for e in entries if e["type"] == "speech"]
    assert speech[0]["channel"] == "public" and "Welcome" in speech[0]["text"]
    assert any(e["type"] == "event" and e["intent"] == "choose" for e in entries)
    rejected = [e["text"] for e in entries if e["type"] == "rejected"]
    assert any("no seat 17" in t.lower() for t in rejected)
    assert any("did not understand" in t for t in rejected)


def test_log_ends_with_game_over(tmp_path):
    commands = tmp_path / "cmds.txt"
    commands.write_text("the red herring is seat 2\nnext\n" + "next\n" * 2 +
                        "the poisoner chooses seat 3\n" + "next\n" * 6 +
                        "the fortune teller chooses seats 1 and 2\n" + "next\n" * 3 +
                        "seat 1 nominates seat 4\n4 votes\nend the day\nyes\n")
    log = tmp_path / "log.jsonl"
    r = narrator("play", "--players", PLAYERS, "--characters", CHARS, "--seed", "5",
                 "--game", str(tmp_path / "g.sqlite"), "--commands", str(commands),
                 "--log", str(log))
    assert r.returncode == 0, r.stderr
    last = json.loads(log.read_text().splitlines()[-1])
    assert last["type"] == "game_over" and last["winner"] == "good"
    game_log = json.loads((tmp_path / "g.log.json").read_text())
    assert game_log["winner"] == "good"
    assert any(p["character"] == "imp" and not p["alive"] for p in game_log["grimoire"])


class Interactive:
    def __init__(self, args):
        self.proc = subprocess.Popen([sys.executable, "-m", "narrator", *args],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, env=ENV)
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def send(self, command: str) -> list[str]:
        """Send a command, then 'status' as a marker; return what the command printed."""
        self.proc.stdin.write(command + "\nstatus\n")
        self.proc.stdin.flush()
        got = []
        while True:
            line = self.lines.get(timeout=60)
            if line.startswith("[private] ") and ("The first night:" in line or line.startswith(
                    "[private] Setup.") or "Day " in line[:14]):
                break
            got.append(line)
        self.seen += got
        return got


def test_sigkill_in_the_night_then_resume_loses_nothing(tmp_path):
    game = tmp_path / "g.sqlite"
    p = Interactive(["play", "--players", PLAYERS, "--characters", CHARS, "--seed", "5",
                     "--game", str(game)])
    for command in ["next", "next", "next", "the poisoner chooses seat 1"]:
        p.send(command)
    before = private_lines("\n".join(p.seen))[-1]
    p.proc.send_signal(signal.SIGKILL)
    p.proc.wait(timeout=30)
    assert p.proc.returncode == -signal.SIGKILL

    r = narrator("resume", "--game", str(game), "--commands", os.devnull)
    assert r.returncode == 0, r.stderr
    # Resume says the step the game waits at, then that step's prompt again.
    resumed = private_lines(r.stdout)[0]
    assert "The first night: the Chef, seat 7." in resumed and resumed.endswith(before[len("[private] "):])

    # The game goes on from exactly there: the rest of the night and a day to a winner.
    rest = tmp_path / "rest.txt"
    rest.write_text("next\nnext\nnext\nthe fortune teller chooses seats 2 and 4\nnext\n"
                    "next\nnext\nseat 1 nominates seat 4\n4 votes\nend the day\n")
    r = narrator("resume", "--game", str(game), "--commands", str(rest))
    assert r.returncode == 0, r.stderr
    assert "Good wins" in r.stdout
    assert "Seat 1, Ann is poisoned" not in r.stdout   # the poison was not chosen again


def test_games_lists_saved_games_and_resume_finds_the_newest_unfinished(tmp_path):
    env = {**ENV, "XDG_DATA_HOME": str(tmp_path), "HOME": str(tmp_path)}
    games = tmp_path / "narrator" / "games"      # <XDG_DATA_HOME>/narrator is the data dir
    games.mkdir(parents=True)
    cmds = tmp_path / "c.txt"
    cmds.write_text("next\n")
    r = subprocess.run([sys.executable, "-m", "narrator", "play", "--players", PLAYERS,
                        "--characters", CHARS, "--seed", "5", "--game", str(games / "a.sqlite"),
                        "--commands", str(cmds)], capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    listed = subprocess.run([sys.executable, "-m", "narrator", "games"], capture_output=True,
                            text=True, env=env).stdout
    assert "a.sqlite" in listed and "Trouble Brewing, 7 players, 1 command" in listed
    assert "unfinished" in listed
    r = subprocess.run([sys.executable, "-m", "narrator", "resume", "--commands", os.devnull],
                       capture_output=True, text=True, env=env)
    assert r.returncode == 0 and "a.sqlite" in r.stderr
    assert "Minion info" in r.stdout     # the prompt where the game stopped


@pytest.mark.parametrize("existing", ["g.sqlite", "g.sqlite-wal", "g.sqlite-journal"])
def test_play_never_replaces_what_is_at_the_game_path(tmp_path, existing):
    game = tmp_path / "g.sqlite"
    (tmp_path / existing).write_bytes(b"precious, not ours")
    r = narrator("play", "--players", PLAYERS, "--characters", CHARS, "--game", str(game),
                 "--commands", os.devnull)
    assert r.returncode == 2
    assert "already exists" in r.stderr and f"narrator resume --game {game}" in r.stderr
    assert "Traceback" not in r.stderr
    assert (tmp_path / existing).read_bytes() == b"precious, not ours"
    assert sorted(p.name for p in tmp_path.iterdir()) == [existing]


def test_a_game_file_deleted_by_hand_leaves_nothing_in_the_way(tmp_path):
    """The rollback journal stays beside a game as an empty file; once the game file itself is
    deleted, a new game at that path is started (the empty file holds nothing to replay)."""
    game, cmds = tmp_path / "g.sqlite", tmp_path / "c.txt"
    cmds.write_text("next\n")
    args = ["play", "--players", PLAYERS, "--characters", CHARS, "--game", str(game), "--commands", str(cmds)]
    assert narrator(*args).returncode == 0
    assert (tmp_path / "g.sqlite-journal").stat().st_size == 0
    game.unlink()
    r = narrator(*args)
    assert r.returncode == 0 and "Traceback" not in r.stderr and game.exists()


def test_play_on_an_unfinished_game_leaves_it_to_resume(tmp_path):
    game = tmp_path / "g.sqlite"
    cmds = tmp_path / "c.txt"
    cmds.write_text("next\nnext\n")
    args = ["play", "--players", PLAYERS, "--characters", CHARS, "--seed", "5",
            "--game", str(game), "--commands", str(cmds)]
    assert narrator(*args).returncode == 0
    r = narrator(*args)
    assert r.returncode == 2 and "already exists" in r.stderr
    r = narrator("resume", "--game", str(game), "--commands", os.devnull)
    assert r.returncode == 0 and "Demon info" in r.stdout     # both commands are still there


def _events(game) -> list[tuple]:
    import sqlite3
    with sqlite3.connect(f"file:{game}?mode=ro", uri=True) as db:
        return db.execute("SELECT seq, intent, slots FROM events ORDER BY seq").fetchall()


def test_a_second_process_on_a_game_is_refused_and_changes_nothing(tmp_path):
    game = tmp_path / "g.sqlite"
    first = Interactive(["play", "--players", PLAYERS, "--characters", CHARS, "--seed", "5",
                         "--game", str(game)])
    try:
        first.send("next")
        before = _events(game)
        cmds = tmp_path / "c.txt"
        cmds.write_text("next\nnext\n")
        env = {**ENV, "XDG_DATA_HOME": str(tmp_path / "xdg"), "HOME": str(tmp_path)}
        for args in (["resume", "--game", str(game), "--commands", str(cmds)],
                     ["resume", "--game", str(game)]):
            r = subprocess.run([sys.executable, "-m", "narrator", *args], capture_output=True,
                               text=True, env=env, timeout=120, input="next\n")
            assert r.returncode == 2, r.stdout
            assert f"being played by process {first.proc.pid}" in r.stderr
            assert "Traceback" not in r.stderr and r.stdout == ""
        # Table mode finds it as the newest unfinished game, says who has it, and stops.
        games = tmp_path / "xdg" / "narrator" / "games"
        games.mkdir(parents=True)
        os.symlink(game, games / "g.sqlite")
        r = subprocess.run([sys.executable, "-m", "narrator", "run", "--set",
                            "recognizer.backend=none", "--set", "gpio.enabled=false", "--set",
                            "audio.public_device=none", "--set", "audio.private_device=none"],
                           capture_output=True, text=True, env=env, timeout=120,
                           stdin=subprocess.DEVNULL)
        assert r.returncode == 1, r.stdout + r.stderr
        assert f"process {first.proc.pid}" in r.stdout + r.stderr
        assert _events(game) == before
        # The first one plays on, undisturbed.
        assert any("Demon info" in line for line in first.send("next"))
    finally:
        first.proc.send_signal(signal.SIGKILL)
        first.proc.wait(timeout=30)
    # A killed holder holds nothing: the game resumes.
    r = narrator("resume", "--game", str(game), "--commands", os.devnull)
    assert r.returncode == 0, r.stderr
    assert len(_events(game)) == 2


def _game_with_commands(tmp_path, lines, name="g.sqlite"):
    game = tmp_path / name
    cmds = tmp_path / "c.txt"
    cmds.write_text("\n".join(lines) + "\n")
    r = narrator("play", "--players", PLAYERS, "--characters", CHARS, "--seed", "5",
                 "--game", str(game), "--commands", str(cmds))
    assert r.returncode == 0, r.stderr
    return game


def _sql(path, sql, *args, rechain: bool = False):
    """SQL on a journal; ``rechain``: and its running digests computed again, as if the
    row had been written so (a rule that changed since, not an edit)."""
    import sqlite3
    from statemachine.journal import seal
    db = sqlite3.connect(path)
    db.execute(sql, args)
    if rechain:
        seal.rechain(db)
    db.commit()
    db.close()


def test_resume_and_games_name_the_damage_and_to_last_good_goes_on(tmp_path):
    env = {**ENV, "XDG_DATA_HOME": str(tmp_path / "xdg"), "HOME": str(tmp_path)}
    games = tmp_path / "xdg" / "narrator" / "games"
    games.mkdir(parents=True)
    game = _game_with_commands(games, ["next", "next", "next", "the poisoner chooses seat 1",
                                       "next"])
    _sql(game, "UPDATE events SET slots = '{oops' WHERE seq = 4")

    def run(*args):
        return subprocess.run([sys.executable, "-m", "narrator", *args], capture_output=True,
                              text=True, env=env, timeout=120)
    r = run("resume", "--game", str(game), "--commands", os.devnull)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "event 4 (choose): its slots are not JSON" in r.stderr and "--to-last-good" in r.stderr
    other = tmp_path / "gone.sqlite"                 # another copy: its last event gone
    shutil.copyfile(game, other)
    _sql(other, "DELETE FROM events WHERE seq = (SELECT MAX(seq) FROM events)")
    gone = run("resume", "--game", str(other), "--commands", os.devnull)
    assert gone.returncode == 2 and gone.stderr.count("--to-last-good") == 1, gone.stderr
    listed = run("games")
    assert listed.returncode == 0 and "Traceback" not in listed.stderr
    assert "damaged: event 4 (choose): its slots are not JSON" in listed.stdout
    r = run("resume", "--game", str(game), "--to-last-good", "--commands", os.devnull)
    assert r.returncode == 0, r.stderr
    assert "dropped 2 events" in r.stderr and "4: the poisoner chooses seat one; 5: next" in r.stderr
    assert "g.sqlite.damaged" in r.stderr
    assert len(_events(game)) == 3 and "Poisoner" in r.stdout     # its step again
    assert "damaged" not in run("games").stdout.split("\n")[0]

    _sql(game, "UPDATE meta SET value = '{\"players\": 3}' WHERE key = 'setup'")
    r = run("resume", "--game", str(game), "--to-last-good")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "the setup record has no list of players" in r.stderr
    assert "cannot be resumed" in r.stderr
    assert "damaged: the setup record has no list of players" in run("games").stdout


def test_doctor_replays_every_unfinished_game(tmp_path):
    env = {**ENV, "XDG_DATA_HOME": str(tmp_path / "xdg"), "HOME": str(tmp_path),
           "XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    games = tmp_path / "xdg" / "narrator" / "games"
    games.mkdir(parents=True)
    _game_with_commands(games, ["next", "next"], "sound.sqlite")
    broken = _game_with_commands(games, ["next", "next", "next", "the poisoner chooses seat 1"],
                                 "broken.sqlite")
    doctor = lambda: subprocess.run([sys.executable, "-m", "narrator", "doctor", "--set",  # noqa: E731
                                     "recognizer.backend=none", "--set", "gpio.enabled=false"],
                                    capture_output=True, text=True, env=env, timeout=120)
    line = next(l for l in doctor().stdout.splitlines() if " journals " in l)
    assert line.startswith("ok") and "2 journals" in line and "replays" in line
    # Valid JSON, intact SQLite, but the game no longer replays: only a replay sees it.
    _sql(broken, "UPDATE events SET slots = '{\"seats\": [12]}' WHERE seq = 4", rechain=True)
    r = doctor()
    line = next(l for l in r.stdout.splitlines() if " journals " in l)
    assert line.startswith("fail") and "broken.sqlite: event 4 (choose) no longer replays" in line
    assert "sound.sqlite" not in line and "Traceback" not in r.stderr


def test_resume_never_takes_an_older_game_silently_when_the_newest_is_damaged(tmp_path):
    data = tmp_path / "data"
    where = ["--set", f"game.data_dir={data}", "--commands", os.devnull]
    assert narrator("play", "--players", PLAYERS, *where).returncode == 0
    older = next((data / "games").glob("*.sqlite"))
    os.utime(older, (1_000_000_000, 1_000_000_000))
    newest = data / "games" / "newest.sqlite"
    shutil.copyfile(older, newest)
    with open(newest, "r+b") as f:
        f.truncate(newest.stat().st_size // 2)
    r = narrator("resume", *where)
    assert r.returncode == 2 and "the file is damaged" in r.stderr and "name it with --game" in r.stderr, r.stderr
    assert narrator("resume", "--game", str(older), *where).returncode == 0

"""``python -m pyfudge``: a friendly roll and the JSON door on the command line."""

import io
import json
import subprocess
import sys

import pytest

from pyfudge import __main__ as cli
from pyfudge import api


def run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "pyfudge", *args], input=stdin, capture_output=True, text=True
    )


def test_friendly_roll_with_entered_faces():
    out = run("roll", "Good", "--faces", "+ + 0 -")
    assert out.returncode == 0
    assert out.stdout.strip() == "Good rolls [+ + 0 \u2212] = +1 \u2192 Great"


def test_friendly_roll_refuses_a_bad_face():
    out = run("roll", "Good", "--faces", "+ + 3 -")
    assert out.returncode == 2 and "Fudge die" in out.stderr


def test_json_in_json_out():
    out = run(stdin=json.dumps({"action": "roll", "args": {"level": 2, "faces": [0, 0, 0, 1]}}))
    reply = json.loads(out.stdout)
    assert out.returncode == 0 and reply["result"]["result_name"] == "Superb"


def test_an_attack_from_the_command_line():
    request = {
        "action": "exchange",
        "args": {
            "exchange": {
                "a": {"name": "Snorri", "skills": {"Sword": "Great"}},
                "b": {"name": "Brynhild", "skills": {"Axe": "Good"}},
                "a_dice": {"roll": {"faces": [1, 1, 0, 0]}},
                "b_dice": {"roll": {"faces": [-1, 0, 0, 0]}},
            }
        },
    }
    out = run(json.dumps(request))
    reply = json.loads(out.stdout)
    assert out.returncode == 0 and reply["result"]["result"] == "hit"
    assert reply["result"]["blows"][0]["defender"] == "Brynhild"


# --- the same, in this process (the lines above run it as a program) -----------------------------


@pytest.mark.parametrize("text", ["+ 0 - +", "+0-+", "+,0,-,+", "+ 0 \u2212 +", "+1 0 -1 1"])
def test_faces_are_read_as_signs_together_or_apart_or_as_numbers(text):
    assert cli._faces(text) == [1, 0, -1, 1]


def test_two_faces_written_together_are_two_faces():
    assert cli._faces("+-") == [1, -1]


def test_faces_that_are_not_signs_or_numbers_are_refused_naming_the_faces():
    with pytest.raises(cli.FudgeError) as err:
        cli._faces("+ x")
    assert err.value.message == "cannot read dice faces '+ x'; write them like '+ 0 - +'."
    assert err.value.field == "faces"


@pytest.mark.parametrize(("argv", "line"), [
    (["roll", "Good", "--faces", "+ + 0 -"], "Good rolls [+ + 0 \u2212] = +1 \u2192 Great"),
    (["roll", "--faces", "0 0 0 0"], "Fair rolls [0 0 0 0] = +0 \u2192 Fair"),
    (["roll", "+2", "--faces", "- - - -"], "Great rolls [\u2212 \u2212 \u2212 \u2212] = -4 \u2192 Poor"),
])
def test_a_friendly_roll_reads_the_level_and_the_faces(capsys, argv, line):
    assert cli.main(argv) == 0
    assert capsys.readouterr().out == line + "\n"


def test_a_seeded_friendly_roll_rolls_the_doors_seeded_dice(capsys):
    assert cli.main(["roll", "Good", "--seed", "5"]) == 0
    faces = json.loads(api.handle(json.dumps({"action": "roll", "args": {"level": 1, "seed": 5}})))["result"]["faces"]
    signs = " ".join({1: "+", 0: "0", -1: "\u2212"}[f] for f in faces)
    assert capsys.readouterr().out.startswith(f"Good rolls [{signs}] = ")


@pytest.mark.parametrize(("argv", "said"), [
    (["roll", "Bogus"], "error: "),
    (["roll", "Good", "--faces", "+ x"], "error: cannot read dice faces '+ x'; write them like '+ 0 - +'.\n"),
    (["roll", "Good", "--faces", "+ + 3 -"], "error: "),
])
def test_a_friendly_roll_it_cannot_read_says_why_and_ends_with_2(capsys, argv, said):
    assert cli.main(argv) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err.startswith(said) and len(out.err) > len("error: ")


def test_help_prints_the_usage(capsys):
    for flag in ("-h", "--help"):
        assert cli.main([flag]) == 0
        assert capsys.readouterr().out == cli.__doc__.strip() + "\n"


def test_the_friendly_rolls_help_names_it_and_says_what_each_argument_is(capsys):
    with pytest.raises(SystemExit) as ended:
        cli.main(["roll", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert ended.value.code == 0 and out.startswith("usage: python -m pyfudge roll [-h] [--faces FACES] [--seed SEED]")
    for said in ("Roll 4dF for a trait level.", "level trait level, e.g. Good, 'Superb', +2",
                 "--faces FACES the four faces you rolled, e.g. '+ 0 - +'",
                 "--seed SEED seed the dice for a repeatable roll"):
        assert f" {said} " in f" {out} "


def test_a_request_as_an_argument_or_on_stdin_prints_the_doors_reply_and_ends_1_when_refused(capsys, monkeypatch):
    request = json.dumps({"id": 3, "action": "roll", "args": {"level": 2, "faces": [0, 0, 0, 1]}})
    assert cli.main([request]) == 0
    assert capsys.readouterr().out == api.handle(request) + "\n"
    monkeypatch.setattr("sys.stdin", io.StringIO('{"action": "nothing"}'))
    monkeypatch.setattr("sys.argv", ["pyfudge", request])
    assert cli.main() == 0  # the program's own arguments when given none
    assert capsys.readouterr().out == api.handle(request) + "\n"
    monkeypatch.setattr("sys.argv", ["pyfudge"])
    assert cli.main() == 1
    assert json.loads(capsys.readouterr().out)["error"]["message"] == "Unknown action 'nothing'."

"""``python -m pyfudge``: a friendly roll and the JSON door on the command line."""

import json
import subprocess
import sys


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

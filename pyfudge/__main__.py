"""Command line over the JSON door.

    python -m pyfudge roll [LEVEL] [--faces "+ 0 - +"] [--seed N]   a friendly roll
    python -m pyfudge < request.json                                 JSON in, JSON out
    python -m pyfudge '{"action": "roll", "args": {"level": 2}}'     the same, as an argument
"""

from __future__ import annotations

import argparse
import json
import sys

from . import api
from .core import ladder
from .core.errors import FudgeError

_FACE_SIGNS = {"+": 1, "0": 0, "-": -1, "\u2212": -1}


def _faces(text: str) -> list[int]:
    signs = text.replace(",", " ").split()
    if len(signs) == 1 and len(signs[0]) > 1:  # "+0-+" written together
        signs = list(signs[0])
    try:
        return [_FACE_SIGNS[s] if s in _FACE_SIGNS else int(s) for s in signs]
    except ValueError:
        raise FudgeError(f"cannot read dice faces {text!r}; write them like '+ 0 - +'.", field="faces") from None


def _roll(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m pyfudge roll", description="Roll 4dF for a trait level.")
    parser.add_argument("level", nargs="?", default="Fair", help="trait level, e.g. Good, 'Superb', +2")
    parser.add_argument("--faces", help="the four faces you rolled, e.g. '+ 0 - +'")
    parser.add_argument("--seed", type=int, help="seed the dice for a repeatable roll")
    opts = parser.parse_args(argv)
    try:
        args: dict = {"level": ladder.parse(opts.level)}
        if opts.faces is not None:
            args["faces"] = _faces(opts.faces)
    except FudgeError as err:
        print(f"error: {err.message}", file=sys.stderr)
        return 2
    if opts.seed is not None:
        args["seed"] = opts.seed
    reply = json.loads(api.handle(json.dumps({"action": "roll", "args": args})))
    if not reply["ok"]:
        print(f"error: {reply['error']['message']}", file=sys.stderr)
        return 2
    r = reply["result"]
    dice = " ".join({1: "+", 0: "0", -1: "\u2212"}[f] for f in r["faces"])
    print(f"{r['level_name']} rolls [{dice}] = {r['total']:+d} \u2192 {r['result_name']}")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "roll":
        return _roll(argv[1:])
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    request = argv[0] if argv else sys.stdin.read()
    reply = api.handle(request)
    print(reply)
    return 0 if json.loads(reply)["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())

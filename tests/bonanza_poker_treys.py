#!/usr/bin/env python3
"""Judges Bonanza poker hands with the `treys` evaluator (PyPI, version 0.1.8).

Used by tests/bonanza_poker.rs: reads a file with one five-card hand per line, cards in the
project's notation separated by spaces (`10D QS 2C 7H AS`), and prints one line per hand: the
treys rank (1 is the best hand, a royal flush; 7462 the worst). Exits non-zero on any problem, so
the Rust test fails loudly instead of skipping.
"""

import sys

from treys import Card, Evaluator


def treys_card(text):
    rank, suit = text[:-1], text[-1]
    rank = {"10": "T"}.get(rank, rank)
    if rank not in "23456789TJQKA" or suit not in "SHDC" or len(rank) != 1:
        raise ValueError(f"not a card: {text!r}")
    return Card.new(rank + suit.lower())


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: bonanza_poker_treys.py HANDS_FILE")
    evaluator = Evaluator()
    out = []
    with open(sys.argv[1]) as hands:
        for number, line in enumerate(hands, 1):
            cards = [treys_card(c) for c in line.split()]
            if len(cards) != 5 or len(set(cards)) != 5:
                sys.exit(f"line {number}: five different cards expected, got {line.strip()!r}")
            out.append(str(evaluator.evaluate(cards[:3], cards[3:])))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()

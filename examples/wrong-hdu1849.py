"""A wrong solution of hdu1849 ("Rabbit and Grass"), kept to show `gamesolve check` at work
(the README's quickstart runs it). It is the right idea, the xor of the pieces' cells, but it
keeps each cell in a byte, as a C solution storing cells in an `unsigned char` would: a piece
beyond cell 255 is counted wrongly. The sample passes; random inputs soon do not."""

import sys


def main():
    tokens = sys.stdin.read().split()
    at = 0
    answers = []
    while at < len(tokens):
        m = int(tokens[at])
        at += 1
        if m == 0:
            break
        xor = 0
        for cell in tokens[at : at + m]:
            xor ^= int(cell) & 0xFF  # the bug: the cell kept in a byte
        at += m
        answers.append("Rabbit Win!" if xor else "Grass Win!")
    print("\n".join(answers))


main()

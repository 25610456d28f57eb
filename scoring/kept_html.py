"""HTML drawn once and kept in this process under a key made of what it shows (the
sheet's hand rows, the blank hand form): a few thousand pieces, the oldest dropped
first, never shared between processes."""

from __future__ import annotations

import contextlib
import hashlib


def key_of(shown) -> str:
    """Return the key of what a piece shows (a tuple of plain values)."""
    return hashlib.blake2b(repr(shown).encode(), digest_size=16).hexdigest()


class Kept:
    """Pieces of HTML by key, at most `most` of them."""

    def __init__(self, most: int):
        self.most = most
        self.pieces: dict[str, object] = {}

    def get(self, key: str):
        return self.pieces.get(key)

    def keep(self, key: str, piece) -> None:
        pieces = self.pieces
        if len(pieces) >= self.most:
            # The oldest kept; nothing when another thread emptied or changed them meanwhile.
            with contextlib.suppress(StopIteration, RuntimeError):
                pieces.pop(next(iter(pieces)), None)
        pieces[key] = piece

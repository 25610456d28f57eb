"""Names as people type them: cleaned on the way in, compared by one key. Pure: no Django.

Every name the desk stores (players, chapters, events, tournaments) goes through
`clean_name`, and every comparison of two names ("is this chapter new?", "is this
player already registered?") goes through `name_key`, so SQLite and PostgreSQL, the
roster file and the registration form all agree on what counts as the same name.
"""

import unicodedata

# Format characters that are part of how some scripts are written: the zero-width
# joiner and non-joiner (Persian, Indic scripts, emoji sequences). Every other format
# character (bidi overrides and isolates, zero-width spaces, the BOM, soft hyphens)
# and every control character is removed.
_KEPT_FORMAT_CHARACTERS = {"\u200c", "\u200d"}


def strip_controls(text: str) -> str:
    """Return the text without control and invisible format characters.

    Line breaks and tabs become spaces; bidi overrides (U+202A-U+202E, U+2066-U+2069),
    marks, zero-width spaces and the like are dropped, so a name cannot reorder or hide
    the text shown around it.
    """
    out = []
    for char in text:
        category = unicodedata.category(char)
        if category == "Cc":
            out.append(" " if char in "\t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85" else "")
        elif category in ("Cf", "Cs") and char not in _KEPT_FORMAT_CHARACTERS:
            continue
        elif category in ("Zl", "Zp"):
            out.append(" ")
        else:
            out.append(char)
    return "".join(out)


def clean_name(name: str) -> str:
    """Return a name as it is stored: composed (NFC), no control characters, single spaces."""
    return " ".join(unicodedata.normalize("NFC", strip_controls(name or "")).split())


def name_key(name: str) -> str:
    """Return the form of a name used to compare two names.

    Unicode compatibility forms folded (NFKC: the Kelvin sign is a K, full-width letters
    are letters), case folded (ß is ss), spacing collapsed. Two names with the same key
    are the same name.
    """
    folded = unicodedata.normalize("NFKC", clean_name(name)).casefold()
    return " ".join(unicodedata.normalize("NFKC", folded).split())

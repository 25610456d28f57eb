"""Wrong table codes are counted per address: guessing one is slow as well as unlikely.

Twenty wrong codes in ten minutes from one address, and that address is refused for the
rest of the ten minutes (README: the odds of guessing a code). The count lives in the
default cache (Redis when set: every web process sees it); with the cache down the count
is lost, and only the codes' length stands in the way.
"""

from django.core.cache import cache

WRONG_CODES_ALLOWED = 20
WINDOW_SECONDS = 10 * 60


def _key(request) -> str:
    return f"table-code-misses:{request.META.get('REMOTE_ADDR', '')}"


def blocked(request) -> bool:
    """Say whether this address has typed too many wrong codes lately."""
    return (cache.get(_key(request)) or 0) >= WRONG_CODES_ALLOWED


def missed(request) -> None:
    """Count one wrong code from this address."""
    key = _key(request)
    if cache.add(key, 1, WINDOW_SECONDS):
        return
    try:
        cache.incr(key)
    except ValueError:  # expired between the two calls
        cache.set(key, 1, WINDOW_SECONDS)


def forget_all(addresses=("127.0.0.1", "")) -> None:
    """Forget the wrong codes counted against these addresses (the tests' own)."""
    cache.delete_many([f"table-code-misses:{address}" for address in addresses])

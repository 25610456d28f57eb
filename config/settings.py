"""Settings, read from the environment (see .env.example).

With no configuration at all the desk runs on its embedded defaults: a SQLite file
and a generated secret key in the data folder, Celery tasks run eagerly in-process,
a local-memory cache and DEBUG off. DATABASE_URL, CELERY_BROKER_URL and REDIS_URL
switch to the scale-out setup.
"""

import os
import secrets
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_str(name: str, default: str = "") -> str:
    """Return the variable, or the default when it is unset or empty."""
    return os.environ.get(name, "").strip() or default


def env_bool(name: str, default: bool = False) -> bool:
    """Return a yes/no variable; anything but the usual spellings is a configuration error."""
    raw = os.environ.get(name, "").strip().lower()
    if not raw:
        return default
    if raw in {"1", "true", "yes", "on"}:
        return True
    if raw in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be 1/0, true/false, yes/no or on/off, not {raw!r}")


def env_list(name: str, default: list[str]) -> list[str]:
    """Return a comma-separated variable as a list of its non-empty parts."""
    raw = os.environ.get(name, "")
    return [part.strip() for part in raw.split(",") if part.strip()] or default


def env_int(name: str, default: int, *, minimum: int = 0) -> int:
    """Return a whole-number variable; anything else is a configuration error."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {raw!r}") from None
    if value < minimum:
        raise ImproperlyConfigured(f"{name} must be at least {minimum}, not {value}")
    return value


def owner_only_folder(path: Path, *, tighten: bool) -> None:
    """Create the folder readable by its owner only; with `tighten`, close an open one too."""
    if not path.exists():
        path.mkdir(mode=0o700, parents=True)
        path.chmod(0o700)
    elif tighten and path.stat().st_mode & 0o077:
        path.chmod(0o700)


def owner_only_file(path: Path) -> None:
    """Create the file (empty) readable by its owner only, or close an existing one."""
    os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
    if path.stat().st_mode & 0o077:
        path.chmod(0o600)


# The data folder holds the database, the secret key and backups: owner-only (0700),
# its files 0600. The default folder is tightened when an older desk left it open; a
# DATA_DIR set by hand is created owner-only but an existing one is left as it is.
_DEFAULT_DATA_DIR = BASE_DIR / "data"
DATA_DIR = Path(env_str("DATA_DIR", str(_DEFAULT_DATA_DIR)))
owner_only_folder(DATA_DIR, tighten=DATA_DIR.resolve() == _DEFAULT_DATA_DIR.resolve())


def _secret_key() -> str:
    """Return SECRET_KEY, or one generated on first run and kept in the data folder."""
    configured = env_str("SECRET_KEY")
    if configured:
        return configured
    key_file = DATA_DIR / "secret_key.txt"
    if not key_file.exists() or not key_file.read_text().strip():
        owner_only_file(key_file)
        key_file.write_text(secrets.token_urlsafe(50))
    owner_only_file(key_file)
    return key_file.read_text().strip()


SECRET_KEY = _secret_key()
DEBUG = env_bool("DEBUG")
# `HOST=0.0.0.0 make run` serves the hall's Wi-Fi: phones reach the laptop by whatever
# address the hall's router gave it, which cannot be known in advance.
# `make run HOST=192.168.1.23` (the laptop's LAN address) serves that address too, and a
# DESK_PUBLIC_URL (the address printed on the players' poster) is always served.
DESK_PUBLIC_URL = env_str("DESK_PUBLIC_URL").rstrip("/")
_LOCAL_HOSTS = ["127.0.0.1", "localhost", "[::1]"]
_SERVED_HOSTS = [
    host
    for host in (env_str("HOST"), urlsplit(DESK_PUBLIC_URL).hostname or "")
    if host and host not in _LOCAL_HOSTS
]
ALLOWED_HOSTS = env_list(
    "ALLOWED_HOSTS", ["*"] if env_str("HOST") == "0.0.0.0" else _LOCAL_HOSTS + _SERVED_HOSTS
)
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "csp",
    "axes",
    "tournaments",
    "scoring",
]

MIDDLEWARE = [
    # The server's time on every answer, 304s included, for the clocks' countdown.
    "tournaments.server_time.ServerNowMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # A visitor's unchanged public page: 304 or the kept page after one query, nothing more.
    "tournaments.kept_pages.KeptPageMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.gzip.GZipMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # A view's lost database connection: "not saved, try again", not a 500.
    "tournaments.faults.DatabaseFaultMiddleware",
    # Last, as django-axes asks: it turns a locked-out sign-in into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{DATA_DIR / 'desk.sqlite3'}"),
        conn_max_age=int(env_str("DB_CONN_MAX_AGE", "60")),
        # A kept connection is checked before a request uses it: after PostgreSQL restarts
        # (or the connection is killed) the next request opens a new one instead of failing.
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets phones read the bracket while an official writes a hand; IMMEDIATE
    # takes the write lock at the start of a transaction, so two officials queue
    # instead of failing half-way.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # Each web worker keeps its connection for DB_CONN_MAX_AGE seconds, as on PostgreSQL:
    # opening the file with these PRAGMAs took 3.3 ms, where a public page served from
    # the cache needs one 0.07 ms query (bench/pages.py).
    # Tests use a file too: the browser tests' live server shares the database with the
    # test across threads, and an in-memory shared cache answers "table is locked" where
    # a file waits its turn, as the desk itself does.
    DATABASES["default"]["TEST"] = {"NAME": str(DATA_DIR / "test_desk.sqlite3")}
    _sqlite_file = str(DATABASES["default"]["NAME"])
    if _sqlite_file and _sqlite_file != ":memory:" and not _sqlite_file.startswith("file:"):
        # SQLite gives its -wal and -shm files the database file's permissions.
        owner_only_file(Path(_sqlite_file))
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Client-side binding (psycopg's ClientCursor, Django's default, said here so nobody
    # turns it off unaware): the locked-rows read sends several statements in one
    # `execute` and steps through them with `nextset()` (tournaments/services/
    # locked_games.py), which PostgreSQL refuses with server-side binding ("cannot insert
    # multiple commands into a prepared statement"). tests/test_settings_from_environment.py
    # holds it.
    DATABASES["default"].setdefault("OPTIONS", {})["server_side_binding"] = False
    # Django's backend with a health check that reads the connection's socket instead of
    # sending SELECT 1 before each request's first statement (config/postgresql/base.py).
    DATABASES["default"]["ENGINE"] = "config.postgresql"

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# A bracket result on PostgreSQL is written by one prepared statement when it can
# (tournaments/services/result_statements.py); off, every result takes the general path.
# The tests compare the two paths and bench/bracket.py times both (BENCH_GENERAL_PATH=1).
RESULTS_ONE_STATEMENT = env_bool("RESULTS_ONE_STATEMENT", True)

# "pages" holds the public pages, each built once per change of its event
# (tournaments/page_cache.py): a new change is a new key, so the timeout only frees memory.
# Local memory of each web process by default (each renders a page once per change);
# Redis, shared by every process, when REDIS_URL is set: an accelerator only, so a Redis
# that does not answer is an empty cache (logged once a minute), never an error page, and
# is given half a second, not redis-py's five, to answer (tournaments/cache.py).
REDIS_URL = env_str("REDIS_URL")
PAGE_CACHE_SECONDS = env_int("PAGE_CACHE_SECONDS", 3600, minimum=1)
# Each process holds the public pages' change markers it has read while no process of
# this desk has told a change (tournaments/held_markers.py), and at most this long: a
# write from outside the desk's processes shows within it. 0 turns the holding off (a
# desk served from several machines, which do not share the data folder's generation).
PAGE_MARKER_HOLD_MS = env_int("PAGE_MARKER_HOLD_MS", 1000)
if REDIS_URL:
    _REDIS = {
        "BACKEND": "tournaments.cache.ForgivingRedisCache",
        "LOCATION": REDIS_URL,
        "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
    }
    CACHES = {
        "default": _REDIS,
        "pages": {**_REDIS, "KEY_PREFIX": "pages", "TIMEOUT": PAGE_CACHE_SECONDS},
    }
else:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        "pages": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "pages",
            "TIMEOUT": PAGE_CACHE_SECONDS,
            # A page of a 128-team bracket is about 0.1 MB, its gzipped copy a tenth.
            "OPTIONS": {"MAX_ENTRIES": env_int("PAGE_CACHE_ENTRIES", 300, minimum=10)},
        },
    }

CELERY_BROKER_URL = env_str("CELERY_BROKER_URL")
CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND", CELERY_BROKER_URL)
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Nothing reads task results (each job keeps its state in its own row), and a page must
# never wait on a broker that does not answer: see tournaments/background.py.
CELERY_TASK_IGNORE_RESULT = True
CELERY_BROKER_CONNECTION_TIMEOUT = 2
# A broker that vanishes without closing the connection must not hold a send for ever.
# A refused connection is not tried again when a page sends a job (kombu would otherwise
# retry it for CELERY_BROKER_CONNECTION_TIMEOUT): the page says so at once and offers a
# retry. The worker's own connection retries under broker_connection_retry, not this.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "socket_connect_timeout": 2,
    "socket_timeout": 10,
    "max_retries": 0,
}
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = 2
# How long a page waits for the broker to take a job, and after how long a job nobody
# finished is marked failed (tournaments/background.py).
BACKGROUND_SEND_TIMEOUT = float(env_int("BACKGROUND_SEND_TIMEOUT", 2, minimum=1))
BACKGROUND_STUCK_AFTER = env_int("BACKGROUND_STUCK_AFTER", 300, minimum=10)
# bench/pages.py only: serve a bare view (`HttpResponse("ok")`) at /bench/bare/ on the
# same server, settings and middleware, to measure the pages against. Never in production.
DESK_BENCH_BARE = env_bool("DESK_BENCH_BARE")
# Export files are deleted this many hours after they were built.
EXPORTS_KEEP_HOURS = env_int("EXPORTS_KEEP_HOURS", 24, minimum=1)

# Every password set anywhere (create_official, the admin, password changes) is checked.
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 10},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Sign-in throttling (django-axes): after LOGIN_FAILURE_LIMIT wrong passwords in a row
# for one login name from one address, that pair is locked for LOGIN_LOCK_MINUTES, or
# until another official unlocks it on /desk/logins/ (or the site admin in the admin).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "tournaments.sessions.DeskBackend",  # Django's ModelBackend, its user read compiled
]
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5, minimum=1)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_LOCK_MINUTES", 15, minimum=1))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "tournaments.views.accounts.locked_out"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "desk:home"
LOGOUT_REDIRECT_URL = "public:index"

LANGUAGE_CODE = "en-us"
TIME_ZONE = env_str("TIME_ZONE", "America/Chicago")
USE_I18N = False
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = DATA_DIR / "staticfiles"
owner_only_folder(STATIC_ROOT, tighten=False)
STATICFILES_DIRS = [
    BASE_DIR / "static",
    ("vendor", BASE_DIR / "node_modules" / "htmx.org" / "dist"),
]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# Django's database sessions, their read compiled once (tournaments/sessions.py). Not the
# cached ones: a local-memory cache would keep a signed-out session alive in the other web
# processes, and a Redis out of reach when an official signs out would bring it back.
SESSION_ENGINE = "tournaments.sessions"
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"

# HTTPS: DESK_HTTPS=1 for a desk served behind HTTPS turns on all of the following;
# each can also be set alone (DESK_SSL_REDIRECT, DESK_SECURE_COOKIES, DESK_HSTS_SECONDS,
# DESK_HSTS_INCLUDE_SUBDOMAINS, DESK_HSTS_PRELOAD). Off by default: in the hall the
# desk is plain HTTP on the local Wi-Fi.
DESK_HTTPS = env_bool("DESK_HTTPS")
SECURE_SSL_REDIRECT = env_bool("DESK_SSL_REDIRECT", DESK_HTTPS)
SESSION_COOKIE_SECURE = env_bool("DESK_SECURE_COOKIES", DESK_HTTPS)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_HSTS_SECONDS = env_int("DESK_HSTS_SECONDS", 365 * 24 * 3600 if DESK_HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DESK_HSTS_INCLUDE_SUBDOMAINS", DESK_HTTPS)
SECURE_HSTS_PRELOAD = env_bool("DESK_HSTS_PRELOAD", DESK_HTTPS)
# Behind a proxy that ends HTTPS and sets X-Forwarded-Proto (gunicorn, as `make run`
# starts it, already trusts that header).
if env_bool("DESK_PROXY_SSL_HEADER"):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# Content-Security-Policy (django-csp), on every page: scripts only from the desk's own
# static files (no inline script, no eval), nothing framed, forms posted to the desk.
# Style attributes stay allowed (the bracket lays itself out with CSS variables in
# them); <style> elements do not, in browsers that know style-src-elem.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "style-src-elem": ["'self'"],
        "style-src-attr": ["'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
        **({"upgrade-insecure-requests": True} if SECURE_SSL_REDIRECT else {}),
    }
}

# Uploaded rosters are read in memory; refuse anything far beyond a real roster.
DATA_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    # django-axes says hello at every start: it would bury `make run`'s sign-in lines.
    "loggers": {"django.db.backends": {"level": "WARNING"}, "axes": {"level": "WARNING"}},
}

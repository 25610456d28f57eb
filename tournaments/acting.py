"""Who does a thing: the type of every service's `by` (an annotation only).

A service records who acted (`log_activity`, a hand's history). The acting user is the
official (or site admin) signed in: `request.user`, typed as Django types it. A service
a table's phone also reaches (a hand confirmed by a player, with no official) takes
`User | None`: None is nobody signed in.
"""

from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:  # the models are only named here, so services import this freely
    from django.contrib.auth.base_user import AbstractBaseUser
    from django.contrib.auth.models import AnonymousUser

User: TypeAlias = "AbstractBaseUser | AnonymousUser"

"""A TCP relay to a real service, for tests where the service goes away and comes back.

Closing the relay (and every connection through it) is the service going down, as its
clients see it; starting it again on the same port is the service coming back.
"""

import selectors
import socket
import threading


class Relay:
    """Forward 127.0.0.1:<port> to Redis until stopped; start again on the same port."""

    def __init__(self, target: tuple[str, int]):
        self.target = target
        self.port = 0
        self._thread = None

    def start(self) -> None:
        self._listener = socket.socket()
        self._listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._listener.bind(("127.0.0.1", self.port))
        self.port = self._listener.getsockname()[1]
        self._listener.listen(16)
        self._stopping = False
        self._sockets = [self._listener]
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    @property
    def running(self) -> bool:
        return self._thread is not None and not self._stopping

    def stop(self) -> None:
        self._stopping = True
        self._thread.join(timeout=5)

    def _run(self) -> None:
        chooser = selectors.DefaultSelector()
        chooser.register(self._listener, selectors.EVENT_READ)
        peers = {}
        while not self._stopping:
            for key, _ in chooser.select(timeout=0.05):
                if key.fileobj is self._listener:
                    near, _ = self._listener.accept()
                    far = socket.create_connection(self.target)
                    peers[near], peers[far] = far, near
                    self._sockets += [near, far]
                    chooser.register(near, selectors.EVENT_READ)
                    chooser.register(far, selectors.EVENT_READ)
                    continue
                if key.fileobj not in peers:
                    continue  # its pair was closed earlier in this round
                try:
                    data = key.fileobj.recv(65536)
                    if data:
                        peers[key.fileobj].sendall(data)
                        continue
                except OSError:
                    pass  # a client killed mid-connection: close this pair, serve the rest
                for end in (key.fileobj, peers.pop(key.fileobj)):
                    chooser.unregister(end)
                    end.close()
                    peers.pop(end, None)
        chooser.close()
        for end in self._sockets:
            end.close()

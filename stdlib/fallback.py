"""The rest of the standard library, fetched when first needed.

The app boots Pyodide with a trimmed standard library (only the modules the app was seen to
import, compiled: see trim_stdlib.py). A module outside it must still import: this finder, last
on ``sys.meta_path``, sees an import nothing else could satisfy; when the name is one of the
full standard library's (listed in this zip's ``stdlib-full-names.txt``), it downloads
Pyodide's own ``python_stdlib.zip`` once (from this site; the service worker keeps it for
offline use), puts it on the path beside the trimmed one, and finds the module there.

Imports of names the standard library never had (optional modules probed with ``try``) are
answered "not found" at once, without a download. The download is a synchronous request:
imports are synchronous, and a dedicated worker may make one.
"""

import importlib
import importlib.machinery
import sys

TRIMMED = "/lib/python{}{}.zip".format(*sys.version_info[:2])
FULL = "/lib/python_stdlib_full.zip"


class RestOfStdlib:
    """A meta path finder that mounts the full standard library on a miss of one of its names."""

    def __init__(self, url, names):
        self.url = url
        self.names = frozenset(names)
        self.mounted = False
        self.served = []  # the modules found in the full zip (the tests read it)

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in self.names:
            return None
        if not self.mounted:
            self.mount()
        self.served.append(fullname)
        parent = fullname.rpartition(".")[0]
        search = None
        if parent:
            # A package imported from the trimmed zip looks for its other modules in the full one too.
            search = sys.modules[parent].__path__
            for entry in list(search):
                if isinstance(entry, str) and entry.startswith(TRIMMED + "/"):
                    full = FULL + entry[len(TRIMMED):]
                    if full not in search:
                        search.append(full)
        return importlib.machinery.PathFinder.find_spec(fullname, search)

    def mount(self):
        from js import XMLHttpRequest  # only here: a snapshot must not hold a JS reference

        request = XMLHttpRequest.new()
        try:
            request.open("GET", self.url, False)
            request.responseType = "arraybuffer"
            request.send(None)
        except Exception as error:  # offline, and not kept by the service worker yet
            raise ImportError(f"the rest of Python's standard library could not be downloaded ({error})") from None
        if request.status != 200:
            raise ImportError(f"the rest of Python's standard library could not be downloaded (HTTP {request.status})")
        with open(FULL, "wb") as file:
            file.write(request.response.to_bytes())
        sys.path.append(FULL)
        importlib.invalidate_caches()
        self.mounted = True


def install(url):
    """Put the finder last on ``sys.meta_path`` (once: a restored snapshot already has it)."""
    for finder in sys.meta_path:
        if isinstance(finder, RestOfStdlib):
            finder.url = url
            return finder
    names = __loader__.get_data(TRIMMED + "/stdlib-full-names.txt").decode().split()
    finder = RestOfStdlib(url, names)
    sys.meta_path.append(finder)
    return finder

// Small JSON store over localStorage. Storage can be missing or full (private modes,
// quotas): reads then fall back and writes are dropped, never an error for the user.
const PREFIX = "pyfudge:";

export function load(key, fallback = null) {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw === null ? fallback : JSON.parse(raw);
  } catch {
    return fallback;
  }
}

export function save(key, value) {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Not saved: the app still works, it only forgets.
  }
}

export function drop(key) {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // nothing to do
  }
}

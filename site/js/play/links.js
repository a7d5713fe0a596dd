// The addresses of the players' page (play.html, next to the app's page): a snapshot players'
// link, `play.html#v=<fragment>` (the engine's encounter.players_link makes the fragment: the
// players' view itself), with `&c=<combatant id>` for one player's own card, large. The share
// screen makes them; play.html reads them (snapshot.js) with no Python.

/** The players' page's address with this hash (works from any sub-path of the site). */
function playAddress(hash) {
  const url = new URL("play.html", location.href);
  url.hash = hash;
  return url.href;
}

export const playersAddress = (fragment) => playAddress(`v=${fragment}`);
export const playerAddress = (fragment, cid) => playAddress(`v=${fragment}&c=${encodeURIComponent(cid)}`);

// The reader's time zone as a client hint (@epic-web/client-hints): an inline script in <head>
// stores it in a cookie and reloads once when it changed, so even the first page a browser
// with JavaScript gets shows local times. The server reads it in app/.server/time-zone.ts;
// without JavaScript the cookie never comes and pages stay in UTC, saying so.
import { getHintUtils } from "@epic-web/client-hints";
import { clientHint as timeZone } from "@epic-web/client-hints/time-zone";

export const clientHints = getHintUtils({ timeZone });

// The courier pages' own script, beside the public pages' one (they do not hydrate, decision
// 145): their offline side, which no other page carries.
import { enhanceOffline } from "./offline";

enhanceOffline(document);

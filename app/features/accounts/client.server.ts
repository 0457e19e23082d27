// Who is asking, as the account flows need it: the client address, the session it carries and
// the devices its signed cookie names (sign-in lanes, password changes).
import { clientAddress } from "~/.server/rate-limit";
import { readDevices, type DeviceEntry } from "./device-cookie.server";
import { requestSessionHash } from "./session.server";

/**
 * Who is asking: the address the request came from (attempts are counted by it), the hash of
 * the session cookie it carried, if any (replaced at sign-in, kept at a password change), and
 * the accounts its signed device cookie says it signed in to before.
 */
export type Client = { address: string; session: string | null; devices: DeviceEntry[] };

export async function clientOf(request: Request, env: Pick<Env, "SESSION_SECRET">): Promise<Client> {
  return {
    address: clientAddress(request),
    session: await requestSessionHash(request),
    devices: await readDevices(env, request.headers.get("Cookie")),
  };
}


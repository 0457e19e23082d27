import { clientHints } from "~/client-hints";

/** Sets the client-hint cookies before anything renders, reloading once when they changed. */
export function ClientHintCheck({ nonce }: { nonce: string | undefined }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: clientHints.getClientHintCheckScript() }} />;
}

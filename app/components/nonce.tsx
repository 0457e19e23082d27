import { createContext, useContext } from "react";

// The CSP nonce exists only on the server render; in the browser scripts are already trusted.
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}

import { createContext, useContext } from "react";

/**
 * The script nonce of the page being rendered on the server (Content-Security-Policy). In the browser there is
 * none to give: the scripts have run by then.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);

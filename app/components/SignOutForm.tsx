import { useEffect, useState, type ReactNode } from "react";
import { Form } from "react-router";

/** This browser's push address, if it takes pushes; "" when it does not or cannot say within a moment. */
async function pushEndpoint(): Promise<string> {
  const look = navigator.serviceWorker?.ready.then((reg) => reg.pushManager?.getSubscription());
  const late = new Promise<null>((resolve) => setTimeout(resolve, 500, null));
  return ((await Promise.race([look, late]).catch(() => null)) as PushSubscription | null)?.endpoint ?? "";
}

/**
 * 退出登录. A browser that takes the member's pushes (推送通知) stops getting them when they sign out here: its
 * address goes with the form (looked up as the menu opens: a few milliseconds, before anyone can click), and the site
 * forgets it before the session ends. Without the script no push was ever turned on here, and the form posts as it is.
 */
export function SignOutForm({ children }: { children: ReactNode }) {
  // State, not the input's own value: a hidden input's value is its attribute, which React writes again on a render.
  const [found, setFound] = useState("");
  useEffect(() => void pushEndpoint().then(setFound), []);
  return (
    <Form method="post" action="/user/signout">
      <input type="hidden" name="pushEndpoint" value={found} readOnly />
      {children}
    </Form>
  );
}

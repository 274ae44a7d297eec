import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Form, useSubmit } from "react-router";

/** This browser's push address, if it takes pushes; "" when it does not or cannot say within a moment. */
async function pushEndpoint(): Promise<string> {
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) return "";
  const look = navigator.serviceWorker.ready.then((reg) => reg.pushManager.getSubscription());
  const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), 500));
  return ((await Promise.race([look, late]).catch(() => null)) as PushSubscription | null)?.endpoint ?? "";
}

/**
 * 退出登录. A browser that takes the member's pushes (推送通知) stops getting them when they sign out here: its
 * address goes with the form (looked up as the menu opens, in a few milliseconds), and the site forgets it before the
 * session ends. Without the script no push was ever turned on here, and the form posts as it is.
 */
export function SignOutForm({ children }: { children: ReactNode }) {
  // State, not the input's own value: a hidden input's value is its attribute, which React writes again on a render.
  const [found, setFound] = useState("");
  const lookup = useRef<Promise<string> | null>(null);
  const known = useRef(false);
  const submit = useSubmit();
  useEffect(() => {
    lookup.current = pushEndpoint().then((endpoint) => {
      known.current = true;
      setFound(endpoint);
      return endpoint;
    });
  }, []);
  // Clicked before the look-up answered: the form goes once it has.
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    if (known.current || !lookup.current) return;
    e.preventDefault();
    lookup.current.then((pushEndpoint) => submit({ pushEndpoint }, { method: "post", action: "/user/signout" }));
  }
  return (
    <Form method="post" action="/user/signout" onSubmit={onSubmit}>
      <input type="hidden" name="pushEndpoint" value={found} readOnly />
      {children}
    </Form>
  );
}

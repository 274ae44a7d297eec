import { redirect } from "react-router";
import type { Route } from "./+types/theme";
import { themeCookie } from "../lib/cookies.server.ts";
import { safeRef } from "../lib/ref.ts";
import { setCookie, readForm } from "../lib/request.server.ts";
import { isTheme } from "../lib/theme.ts";

/** Stores the colour mode in a cookie; without JavaScript the browser comes back to the page it was on. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const theme = form.get("theme");
  if (isTheme(theme)) setCookie(context, themeCookie(theme));
  const back = form.get("redirectTo");
  return typeof back === "string" ? redirect(safeRef(back)) : { theme };
}

export function loader() {
  return redirect("/");
}

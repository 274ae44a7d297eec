import NProgress from "nprogress";
import { useEffect } from "react";
import { useNavigation } from "react-router";

NProgress.configure({ showSpinner: false, speed: 400, trickleSpeed: 200, easing: "ease" });

/** Marks the bar red: called by the error page when a navigation ends in an error. */
export function markProgressFailed() {
  if (typeof document === "undefined") return;
  document.getElementById("nprogress")?.classList.add("failed");
}

/** The top loading bar of requirements §2/§9, driven by React Router's navigation state. */
export function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  useEffect(() => {
    if (busy) {
      NProgress.start();
      document.getElementById("nprogress")?.classList.remove("failed");
    } else NProgress.done();
  }, [busy]);
  return null;
}

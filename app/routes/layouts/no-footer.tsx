import { Outlet } from "react-router";
import type { Route } from "./+types/no-footer";
import { Shell, ShellError } from "./default.tsx";

/** The no-footer layout (requirements §2): forms that want the whole screen, such as sign-in. */
export default function NoFooterLayout() {
  return (
    <Shell footer={false}>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShellError error={error} footer={false} />;
}

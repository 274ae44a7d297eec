// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, redirect, useLoaderData } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { FollowButton } from "./FollowButton.tsx";

afterEach(cleanup);

/** A stub profile page and the follow route; the action is held open until the test lets it answer. */
function setup(opts: { followed?: boolean; signedIn?: boolean } = {}) {
  const server = {
    followed: opts.followed ?? false,
    posts: [] as Record<string, string>[],
    release: (_ok: boolean) => {},
  };
  function Profile() {
    const d = useLoaderData() as { followed: boolean };
    return <FollowButton userId={7} followed={d.followed} />;
  }
  const Stub = createRoutesStub([
    { path: "/user/7", Component: Profile, loader: () => ({ followed: server.followed }) },
    {
      path: "/user/7/follow",
      action: async ({ request }) => {
        const form = Object.fromEntries(await request.formData()) as Record<string, string>;
        server.posts.push(form);
        if (!opts.signedIn) return redirect(`/user/signin?ref=${encodeURIComponent(form.ref)}`);
        const ok = await new Promise<boolean>((resolve) => (server.release = resolve));
        if (ok) server.followed = form.intent === "follow";
        return { ok };
      },
    },
    { path: "/user/signin", Component: () => <p>登录页</p> },
  ]);
  render(<Stub initialEntries={["/user/7?tab=x"]} />);
  return server;
}
const button = () => screen.getByTestId("follow-button");
// The fetcher marks its posts js=1 once the page runs its script (after the first render).
const hydrated = () => waitFor(() => expect(document.querySelector('input[name="js"]')).not.toBeNull());

describe("FollowButton", () => {
  it("reads 已关注 at once and keeps it when the server agrees", async () => {
    const server = setup({ signedIn: true });
    await screen.findByText("关注");
    await hydrated();
    fireEvent.click(button());
    await waitFor(() => expect(button().textContent).toBe("已关注"));
    expect(button().getAttribute("aria-pressed")).toBe("true");
    await act(async () => server.release(true));
    await waitFor(() => expect(server.posts).toHaveLength(1));
    expect(server.posts[0]).toMatchObject({ intent: "follow", ref: "/user/7?tab=x#follow-7", js: "1" });
    await waitFor(() => expect(button().textContent).toBe("已关注"));
  });

  it("goes back to 关注 when the post fails", async () => {
    const server = setup({ signedIn: true });
    await screen.findByText("关注");
    fireEvent.click(button());
    await waitFor(() => expect(button().textContent).toBe("已关注"));
    await act(async () => server.release(false));
    await waitFor(() => expect(button().textContent).toBe("关注"));
  });

  it("unfollows when already following", async () => {
    const server = setup({ signedIn: true, followed: true });
    await screen.findByText("已关注");
    fireEvent.click(button());
    await waitFor(() => expect(button().textContent).toBe("关注"));
    await act(async () => server.release(true));
    await waitFor(() => expect(server.posts[0]?.intent).toBe("unfollow"));
  });

  it("takes a visitor to sign in, with this page to come back to", async () => {
    const server = setup();
    await screen.findByText("关注");
    fireEvent.click(button());
    await screen.findByText("登录页");
    expect(server.posts[0].ref).toBe("/user/7?tab=x#follow-7");
  });
});

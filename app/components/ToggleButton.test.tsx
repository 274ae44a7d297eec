// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ToggleButton } from "./ToggleButton.tsx";

afterEach(cleanup);

/** A stub work page whose action we hold open, then let succeed or fail. */
function setup(liked = false, start = 3) {
  const server = { liked, count: start, intents: [] as string[], release: (_ok: boolean) => {} };
  function Page() {
    const d = useLoaderData() as { liked: boolean; count: number };
    return <ToggleButton action="/art/1" mark="like" on={d.liked} count={d.count} />;
  }
  const Stub = createRoutesStub([
    {
      path: "/art/1",
      Component: Page,
      loader: () => ({ liked: server.liked, count: server.count }),
      action: async ({ request }) => {
        const intent = String((await request.formData()).get("intent"));
        server.intents.push(intent);
        const ok = await new Promise<boolean>((resolve) => (server.release = resolve));
        if (ok) {
          server.liked = intent === "like";
          server.count += intent === "like" ? 1 : -1;
        }
        return { ok };
      },
    },
  ]);
  render(<Stub initialEntries={["/art/1"]} />);
  return server;
}

const count = () => screen.getByTestId("like-button-count").textContent;
const pressed = () => screen.getByTestId("like-button").getAttribute("aria-pressed");

describe("ToggleButton (like)", () => {
  it("shows liked and one more at once, and keeps it when the server agrees", async () => {
    const server = setup();
    await screen.findByTestId("like-button");
    fireEvent.click(screen.getByTestId("like-button"));
    await waitFor(() => expect(count()).toBe("4"));
    expect(pressed()).toBe("true");
    expect(screen.getByTestId("like-button").textContent).toContain("已赞");
    await act(async () => server.release(true));
    await waitFor(() => expect(server.intents).toEqual(["like"]));
    expect(count()).toBe("4");
    expect(pressed()).toBe("true");
  });

  it("silently goes back when the request fails", async () => {
    const server = setup();
    await screen.findByTestId("like-button");
    fireEvent.click(screen.getByTestId("like-button"));
    await waitFor(() => expect(count()).toBe("4"));
    await act(async () => server.release(false));
    await waitFor(() => expect(count()).toBe("3"));
    expect(pressed()).toBe("false");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("unlikes when already liked", async () => {
    const server = setup(true, 5);
    await screen.findByTestId("like-button");
    await waitFor(() => expect(pressed()).toBe("true"));
    fireEvent.click(screen.getByTestId("like-button"));
    await waitFor(() => expect(count()).toBe("4"));
    await act(async () => server.release(true));
    await waitFor(() => expect(server.intents).toEqual(["unlike"]));
  });
});

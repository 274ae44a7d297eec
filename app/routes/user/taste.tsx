import { Form } from "react-router";
import type { Route } from "./+types/taste";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { readForm } from "../../lib/request.server.ts";
import { requireUser } from "../../lib/site.server.ts";
import { useSite } from "../../lib/site.ts";
import { getTaste, saveTaste } from "../../lib/upstream/account.ts";
import { pageTags } from "../../lib/upstream/site.ts";
import type { TagRef } from "../../../contract/site/views.ts";
import { SubmitButton } from "../../components/SubmitButton.tsx";
import { FormAlert } from "../../components/FormAlert.tsx";
import { attempt, done, refused } from "../../lib/form-action.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "我的口味" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const api = apiClient(request, context);
  const [taste, tags] = await orErrorPage(Promise.all([getTaste(api), pageTags(api, 1)]));
  // The popular tags, and any chosen earlier that are no longer among them.
  const chosen = [...taste.lovedTags, ...taste.mutedTags];
  const offered: TagRef[] = [
    ...chosen,
    ...tags.results.slice(0, 40).filter((t) => !chosen.some((c) => c.tagId === t.tagId)),
  ];
  return { taste, offered };
}

type Choice = "love" | "mute" | "";

/** Each node and tag is one radio group (喜欢 / 一般 / 屏蔽); the action gathers them into the taste. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const form = await readForm(request);
  const taste = {
    lovedNodes: [] as string[],
    mutedNodes: [] as string[],
    lovedTags: [] as string[],
    mutedTags: [] as string[],
  };
  for (const [name, value] of form) {
    const m = /^(node|tag)-(\d{1,15})$/.exec(name);
    if (!m || (value !== "love" && value !== "mute")) continue;
    const list = `${value === "love" ? "loved" : "muted"}${m[1] === "node" ? "Nodes" : "Tags"}` as keyof typeof taste;
    taste[list].push(m[2]);
  }
  const saved = await attempt(
    saveTaste(apiClient(request, context), {
      lovedNodes: taste.lovedNodes.join(","),
      mutedNodes: taste.mutedNodes.join(","),
      lovedTags: taste.lovedTags.join(","),
      mutedTags: taste.mutedTags.join(","),
      hideAi: form.get("hideAi") ? "on" : "",
    }),
  );
  if (!saved.ok) return refused(saved.failure, {});
  return done(context, "口味已保存", "/user/temperament");
}

function ChoiceRow({ name, label, value }: { name: string; label: string; value: Choice }) {
  const options: [Choice, string][] = [
    ["love", "喜欢"],
    ["", "一般"],
    ["mute", "屏蔽"],
  ];
  return (
    <fieldset className="flex items-center justify-between gap-3 py-2">
      <legend className="sr-only">{label}</legend>
      <span className="min-w-0 truncate text-sm" aria-hidden>
        {label}
      </span>
      <span className="flex shrink-0 overflow-hidden rounded-full border border-line text-xs">
        {options.map(([v, text]) => (
          <label key={v} className="cursor-pointer px-3 py-1 has-[:checked]:bg-primary has-[:checked]:text-on-primary">
            <input type="radio" name={name} value={v} defaultChecked={value === v} className="sr-only" />
            {text}
          </label>
        ))}
      </span>
    </fieldset>
  );
}

export default function Temperament({ loaderData, actionData }: Route.ComponentProps) {
  const { taste, offered } = loaderData;
  const nodes = useSite()?.nodes ?? [];
  const of = (loved: number[], muted: number[], id: number): Choice =>
    loved.includes(id) ? "love" : muted.includes(id) ? "mute" : "";
  const lovedTags = taste.lovedTags.map((t) => t.tagId);
  const mutedTags = taste.mutedTags.map((t) => t.tagId);
  return (
    <main className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="text-2xl font-semibold">我的口味</h1>
      <p className="mt-2 text-sm text-muted" data-testid="taste-explained">
        喜欢的节点和标签会在首页推荐里排得更靠前，屏蔽的不再出现；新视野则从你的喜好之外为你挑选作品。
      </p>
      <Form method="post" className="mt-5 space-y-5">
        <FormAlert message={actionData?.message} />
        {[
          {
            id: "taste-nodes",
            title: "节点",
            grid: "divide-y divide-line",
            rows: nodes.map((n) => ({
              name: `node-${n.nodeId}`,
              label: n.name,
              value: of(taste.lovedNodes, taste.mutedNodes, n.nodeId),
            })),
          },
          {
            id: "taste-tags",
            title: "标签",
            grid: "grid gap-x-6 divide-y divide-line sm:grid-cols-2 sm:divide-y-0",
            rows: offered.map((t) => ({
              name: `tag-${t.tagId}`,
              label: `# ${t.name}`,
              value: of(lovedTags, mutedTags, t.tagId),
            })),
          },
        ].map((part) => (
          <section key={part.id} aria-labelledby={part.id} className="rounded-2xl border border-line bg-surface p-5">
            <h2 id={part.id} className="font-semibold">
              {part.title}
            </h2>
            <div className={`mt-2 ${part.grid}`}>
              {part.rows.map((row) => (
                <ChoiceRow key={row.name} {...row} />
              ))}
            </div>
          </section>
        ))}
        <section aria-labelledby="taste-ai" className="rounded-2xl border border-line bg-surface p-5">
          <h2 id="taste-ai" className="font-semibold">
            AI 作品
          </h2>
          <label className="mt-2 flex items-center gap-2 text-sm">
            <input type="checkbox" name="hideAi" defaultChecked={taste.hideAi} />
            不看 AI 生成的作品（推荐与新视野里不再出现）
          </label>
        </section>
        <SubmitButton label="保存口味" />
      </Form>
    </main>
  );
}

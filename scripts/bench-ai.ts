import { createDeps, openDatabase, putConfigRow, type AiProvider, answer, beginAsking } from "../api/test/kit.ts";
import type { CurrentUserView } from "../contract/signin/views.ts";

/**
 * 深度搜索's own cost on the site, apart from the provider's: a model that answers at once (in this process, no
 * network) and always asks for two more queries, so a question searches again until its passages are full. What is measured is
 * the site's part: refusing checks, storing the question, the rounds of search over the seeded works (noai left
 * out), building the prompt, screening and storing the answer.
 */
let plans = 0;
const instant: AiProvider = {
  model: "instant",
  reasoningModel: "instant",
  async *stream({ messages }) {
    const prompt = messages.map((m) => m.content).join("");
    yield { content: `根据资料，共 ${prompt.length} 字的提示，见[1]。` };
    yield { usage: { in: prompt.length, out: 20 } };
  },
  async complete() {
    plans++;
    return { text: JSON.stringify({ queries: ["插画 练习", "水彩 风景"] }), usage: { in: 100, out: 10 } };
  },
};

/** Questions the works answer at once, and ones they do not (the model asks for more, round after round). */
const common = ["站内有哪些水彩风景？", "胶片暗房怎么搭", "猫的插画", "Blender 灯光", "二十四节气", "青田石 篆刻"];

const rare = ["霁青釉的烧制", "宋锦纹样考", "缂丝的经纬"];

export async function deepSearchFigures(databaseUrl: string, rounds = 120) {
  for (const [label, questions] of [
    ["common words", common],
    ["rare words", rare],
  ] as const)
    await measure(databaseUrl, rounds, label, questions);
}

async function measure(databaseUrl: string, rounds: number, label: string, questions: readonly string[]) {
  const database = await openDatabase(databaseUrl);
  try {
    const deps = createDeps({ db: database.db, dialect: database.dialect, ai: instant });
    await putConfigRow(
      database.db,
      "ai",
      JSON.stringify({ enabled: true, dailyQuota: 1000, perMinute: 30, siteDaily: 1_000_000, systemPrompt: "" }),
    );
    const members = (await database.db.selectFrom("users").select("id").limit(10).execute()).map((u) => u.id);
    const times: number[] = [];
    let passages = 0;
    plans = 0;
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < rounds; i++) {
      const user = { id: members[i % members.length] } as CurrentUserView;
      const t = performance.now();
      const asked = await beginAsking(deps, user, {
        question: questions[i % questions.length],
        think: false,
        search: true,
      });
      for await (const event of answer(deps, asked, new AbortController().signal))
        if (event.type === "sources") passages += event.sources.length;
      times.push(performance.now() - t);
    }
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    times.sort((a, b) => a - b);
    console.log(
      `深度搜索 (site's part, model instant, ${label}): ${rounds} questions, ${(1 + plans / rounds).toFixed(1)} rounds of search each, p50 ${times[rounds >> 1].toFixed(1)} ms, ` +
        `p99 ${times[Math.floor(rounds * 0.99)].toFixed(1)} ms, CPU ${((used.user + used.system) / 1000 / rounds).toFixed(1)} ms a question, ` +
        `${(passages / rounds).toFixed(1)} passages each, ${(rounds / (wall / 1000)).toFixed(0)} questions/s in one process`,
    );
  } finally {
    await database.close();
  }
}

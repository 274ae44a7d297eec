import { z } from "zod";
import { endpoints } from "../lib/endpoint.ts";
import { people } from "../../contract/endpoints/people.ts";
import { requireUser } from "../lib/auth.ts";
import { id, optionalId, parse, parseBody, parseQuery, text } from "../lib/validate.ts";
import { followList, isFollowing, markedWorksOf, profileOf, setFollow, suggestPeople } from "../services/people.ts";
import { setBackground } from "../services/profile.ts";
import { pinnedCards, pinWork, setPortfolio } from "../services/portfolio.ts";
import { pinSchema, portfolioSchema } from "../../contract/schemas/account.ts";

const marked = z.object({ userId: optionalId("用户"), cursor: z.string().max(200).optional() });
const userId = id("用户");
const backgroundBody = z.object({ backgroundImage: text("背景图片", { max: 500 }) });
const target = z.object({ userId: id("用户") });
const listed = z.object({ userId: id("用户"), cursor: z.string().max(200).optional() });

// requirements §7: POST /api/fans/follow, POST /api/fans/unfollow, GET /api/fans/isfollowed; the lists follow their shape.
export const peopleRoutes = endpoints()
  .answer(people.profile, async (c) => profileOf(c.get("deps"), parse(userId, c.req.param("id")), c.get("user")?.id))
  .answer(people.pinned, async (c) => pinnedCards(c.get("deps"), parse(userId, c.req.param("id")), c.get("user")?.id))
  .answer(people.pin, async (c) => pinWork(c.get("deps"), requireUser(c), await parseBody(c, pinSchema)))
  .answer(people.portfolio, async (c) => {
    const user = requireUser(c);
    await setPortfolio(c.get("deps"), user, await parseBody(c, portfolioSchema));
    return profileOf(c.get("deps"), user.id, user.id);
  })
  .answer(people.favorites, async (c) => {
    const q = parseQuery(c, marked);
    const owner = q.userId ?? requireUser(c).id;
    return markedWorksOf(c.get("deps"), "favorites", owner, q.cursor, c.get("user") ?? undefined);
  })
  .answer(people.likes, async (c) => {
    const q = parseQuery(c, marked);
    const owner = q.userId ?? requireUser(c).id;
    return markedWorksOf(c.get("deps"), "likes", owner, q.cursor, c.get("user") ?? undefined);
  })
  // requirements §7: {backgroundImage}, an image uploaded first with POST /api/upload.
  .answer(people.background, async (c) => {
    const user = requireUser(c);
    const { backgroundImage } = await parseBody(c, backgroundBody);
    return setBackground(c.get("deps"), user, backgroundImage);
  })
  .answer(people.follow, async (c) => {
    const { userId } = await parseBody(c, target);
    return setFollow(c.get("deps"), requireUser(c).id, userId, true);
  })
  .answer(people.unfollow, async (c) => {
    const { userId } = await parseBody(c, target);
    return setFollow(c.get("deps"), requireUser(c).id, userId, false);
  })
  .answer(people.isFollowed, async (c) => {
    const { userId } = parseQuery(c, target);
    const viewer = c.get("user");
    return viewer ? isFollowing(c.get("deps"), viewer.id, userId) : false;
  })
  .answer(people.fans, async (c) => {
    const q = parseQuery(c, listed);
    return followList(c.get("deps"), q.userId, false, q.cursor, c.get("user")?.id);
  })
  .answer(people.follows, async (c) => {
    const q = parseQuery(c, listed);
    return followList(c.get("deps"), q.userId, true, q.cursor, c.get("user")?.id);
  })
  .answer(people.suggest, async (c) => suggestPeople(c.get("deps"), c.get("user")?.id)).app;

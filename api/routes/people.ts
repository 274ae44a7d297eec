import { endpoints } from "../lib/endpoint.ts";
import { people } from "../../contract/people/endpoints.ts";
import { requireUser } from "../lib/auth.ts";
import {
  followList,
  isFollowing,
  markedWorksOf,
  profileOf,
  setFollow,
  suggestPeople,
} from "../services/people/people.ts";
import { setBackground } from "../services/people/profile.ts";
import { pinnedCards, pinWork, setPortfolio } from "../services/works/portfolio.ts";

// requirements §7: POST /api/fans/follow, POST /api/fans/unfollow, GET /api/fans/isfollowed; the lists follow their shape.
export const peopleRoutes = endpoints()
  .answer(people.profile, async (c) => profileOf(c.deps, c.input.params.id, c.user?.id))
  .answer(people.pinned, async (c) => pinnedCards(c.deps, c.input.params.id, c.user?.id))
  .answer(people.pin, async (c) => pinWork(c.deps, requireUser(c), c.input.body))
  .answer(people.portfolio, async (c) => {
    const user = requireUser(c);
    await setPortfolio(c.deps, user, c.input.body);
    return profileOf(c.deps, user.id, user.id);
  })
  .answer(people.favorites, async (c) => {
    const q = c.input.query;
    const owner = q.userId ?? requireUser(c).id;
    return markedWorksOf(c.deps, "favorites", owner, q.cursor, c.user ?? undefined);
  })
  .answer(people.likes, async (c) => {
    const q = c.input.query;
    const owner = q.userId ?? requireUser(c).id;
    return markedWorksOf(c.deps, "likes", owner, q.cursor, c.user ?? undefined);
  })
  // requirements §7: {backgroundImage}, an image uploaded first with POST /api/upload.
  .answer(people.background, async (c) => {
    const user = requireUser(c);
    const { backgroundImage } = c.input.body;
    return setBackground(c.deps, user, backgroundImage);
  })
  .answer(people.follow, async (c) => {
    const { userId } = c.input.body;
    return setFollow(c.deps, requireUser(c).id, userId, true);
  })
  .answer(people.unfollow, async (c) => {
    const { userId } = c.input.body;
    return setFollow(c.deps, requireUser(c).id, userId, false);
  })
  .answer(people.isFollowed, async (c) => {
    const { userId } = c.input.query;
    const viewer = c.user;
    return viewer ? isFollowing(c.deps, viewer.id, userId) : false;
  })
  .answer(people.fans, async (c) => {
    const q = c.input.query;
    return followList(c.deps, q.userId, false, q.cursor, c.user?.id);
  })
  .answer(people.follows, async (c) => {
    const q = c.input.query;
    return followList(c.deps, q.userId, true, q.cursor, c.user?.id);
  })
  .answer(people.suggest, async (c) => suggestPeople(c.deps, c.user?.id)).all;

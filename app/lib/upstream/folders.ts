import { folders } from "../../../contract/endpoints.ts";
import type { ApiClient, BodyOf } from "../api.server.ts";
import { packedCards } from "../work.ts";

/** Favorite folders (contract/folders/endpoints.ts). */
export const foldersOfUser = (api: ApiClient, userId: number) => api.call(folders.ofUser, { params: { userId } });
export const getFolder = async (api: ApiClient, id: number, cursor?: string) => {
  const page = await api.call(folders.one, { params: { id }, query: { cursor } });
  return { ...page, works: packedCards(page.works) };
};
export const createFolder = (api: ApiClient, body: BodyOf<typeof folders.create>) => api.call(folders.create, { body });
export const updateFolder = (api: ApiClient, id: number, body: BodyOf<typeof folders.update>) =>
  api.call(folders.update, { params: { id }, body });
export const removeFolder = (api: ApiClient, id: number) => api.call(folders.remove, { params: { id } });
export const putInFolder = (api: ApiClient, id: number, workId: number, on: boolean) =>
  api.call(folders.put, { params: { id }, body: { workId, on: on ? "1" : "" } });

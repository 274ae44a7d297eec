import { Form } from "react-router";
import type { FolderView } from "../../contract/folders/views.ts";
import { folderLimits } from "../../contract/shared/limits.ts";
import { Dropdown } from "./Dropdown.tsx";

/**
 * 收藏夹 beside the favorite button: the member's folders, each a plain post that puts the work in or takes it out
 * (putting it in favorites it too), and a small form that makes a folder with the work in it. On <details>, so it opens
 * without JavaScript.
 */
export function FolderPicker({ folders, action }: { folders: FolderView[]; action: string }) {
  return (
    <Dropdown
      label="收藏夹"
      summary={
        <span className="flex items-center gap-1.5 rounded-full border border-line px-4 py-1.5 text-sm hover:border-primary hover:text-primary">
          收藏夹 ▾
        </span>
      }
    >
      <div className="w-64 space-y-2 p-2 text-sm" data-testid="folder-picker">
        {folders.length > 0 && (
          <ul className="space-y-1">
            {folders.map((f) => (
              <li key={f.folderId}>
                <Form method="post" action={action}>
                  <input type="hidden" name="intent" value="putFolder" />
                  <input type="hidden" name="folderId" value={f.folderId} />
                  <input type="hidden" name="on" value={f.has ? "" : "1"} />
                  <button
                    type="submit"
                    aria-pressed={!!f.has}
                    className="flex w-full items-center gap-2 rounded-lg px-2 py-1 text-left hover:bg-surface-2"
                  >
                    <span aria-hidden className={f.has ? "text-primary" : "text-muted"}>
                      {f.has ? "☑" : "☐"}
                    </span>
                    <span className="min-w-0 flex-1 truncate">{f.name}</span>
                    <span className="text-xs text-muted">{f.public ? f.workCount : "私密"}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Form method="post" action={action} className="space-y-1 border-t border-line pt-2">
          <input type="hidden" name="intent" value="newFolder" />
          <label htmlFor="new-folder" className="text-xs text-muted">
            新建收藏夹并放入
          </label>
          <div className="flex gap-2">
            <input
              id="new-folder"
              name="name"
              required
              maxLength={folderLimits.name}
              className="min-w-0 flex-1 rounded-lg border border-line bg-surface px-2 py-1"
            />
            <button type="submit" className="rounded-lg bg-primary px-2 py-1 text-xs text-on-primary">
              新建
            </button>
          </div>
          <label className="flex items-center gap-1 text-xs text-muted">
            <input type="checkbox" name="public" value="1" defaultChecked /> 公开
          </label>
        </Form>
      </div>
    </Dropdown>
  );
}

/** Issues as a list: each its JSON Pointer, message and code, worded the same wherever the console shows issues. */
import type { Issue } from 'bidfields';

export function IssueList({ issues }: { issues: readonly Issue[] | undefined }) {
  return (
    <ul>
      {issues?.map((i) => (
        <li>
          <code>{i.path || '/'}</code> {i.message} ({i.code})
        </li>
      ))}
    </ul>
  );
}

import { ContentPlatformFilter, ContentStatusFilter, ContentViewToggle } from '@/entities/content/components/content-filters';
import type { TContentParams, TContentParamsUpdate } from '@/entities/content/lib/use-content-params';

/** Filters by platform and status (sent to the API) and the view mode (client-and-public 2.5). */
export function ClientContentToolbar({
  params,
  update,
}: {
  params: TContentParams;
  update: TContentParamsUpdate;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid min-w-0 flex-[1_1_22rem] grid-cols-2 gap-3">
        <ContentPlatformFilter id="client-content-platform" value={params.platform} onChange={(platform) => update({ platform })} />
        <ContentStatusFilter id="client-content-status" value={params.status} onChange={(status) => update({ status })} />
      </div>
      <ContentViewToggle value={params.view} onChange={(view) => update({ view })} />
    </div>
  );
}

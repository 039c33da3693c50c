import { DebouncedSearchInput } from '@/components/ui';
import { ClientFilter } from '@/entities/clients/components/client-filter';
import { ContentPlatformFilter, ContentStatusFilter, ContentViewToggle } from '@/entities/content/components/content-filters';
import type { TContentParams, TContentParamsUpdate } from '@/entities/content/lib/use-content-params';

export function ContentToolbar({
  params,
  update,
}: {
  params: TContentParams;
  update: TContentParamsUpdate;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <DebouncedSearchInput
        id="content-search"
        label="Search content"
        placeholder="Search content or client"
        value={params.search}
        onCommit={(search) => update({ search })}
        className="flex-[2_1_14rem]"
      />
      <div className="grid min-w-0 flex-[3_1_30rem] grid-cols-2 gap-3 sm:grid-cols-3">
        <ClientFilter id="content-client-filter" value={params.client} onChange={(client) => update({ client })} />
        <ContentStatusFilter id="content-status-filter" value={params.status} onChange={(status) => update({ status })} />
        <ContentPlatformFilter id="content-platform-filter" value={params.platform} onChange={(platform) => update({ platform })} />
      </div>
      <ContentViewToggle value={params.view} onChange={(view) => update({ view })} />
    </div>
  );
}

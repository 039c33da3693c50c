import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui';
import { ContentComments } from './content-comments';
import { ContentHistory } from './content-history';
import type { TContentViewer } from './review-status';

/**
 * An item's conversation and approval history, under the item's details (both the agency's and the client's
 * dialogs): Comments (what `viewer` may see, with the composer) and History (every review decision).
 */
export function ContentActivity({ contentId, viewer }: { contentId: number; viewer: TContentViewer }) {
  return (
    <Tabs defaultValue="comments" className="border-t border-border pt-2">
      <TabsList aria-label="Comments and history">
        <TabsTrigger value="comments">Comments</TabsTrigger>
        <TabsTrigger value="history">History</TabsTrigger>
      </TabsList>
      <TabsContent value="comments">
        <ContentComments contentId={contentId} viewer={viewer} />
      </TabsContent>
      <TabsContent value="history">
        <ContentHistory contentId={contentId} />
      </TabsContent>
    </Tabs>
  );
}

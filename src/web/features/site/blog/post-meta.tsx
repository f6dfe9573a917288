import { Calendar, Clock, User } from 'lucide-react';
import type { BlogPostSummary } from '#shared/schemas/content.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { cn } from '#web/lib/cn.ts';
import { formatPublishDate } from './blog-filter.ts';

type Post = Pick<BlogPostSummary, 'category' | 'difficulty' | 'author' | 'readTime' | 'publishDate'>;

/** The category and difficulty pills shown on a post card and above a post's title. */
export function PostBadges({ post, className }: { post: Post; className?: string }) {
  return (
    <div className={cn('flex gap-2 text-xs font-medium', className)}>
      <Badge tone="brand">{post.category}</Badge>
      <Badge>{post.difficulty}</Badge>
    </div>
  );
}

/** Author, reading time and publish date; `size` follows the text it sits in. */
export function PostByline({ post, size, className }: { post: Post; size: 'sm' | 'xs'; className?: string }) {
  const icon = size === 'sm' ? 'h-4 w-4' : 'h-3.5 w-3.5';
  return (
    <p
      className={cn(
        'flex flex-wrap gap-x-4 gap-y-1 text-slate-600 dark:text-slate-400',
        size === 'sm' ? 'text-sm' : 'text-xs',
        className,
      )}
    >
      <span className="flex items-center gap-1">
        <User aria-hidden="true" className={icon} />
        {post.author}
      </span>
      <span className="flex items-center gap-1">
        <Clock aria-hidden="true" className={icon} />
        {post.readTime}
      </span>
      <span className="flex items-center gap-1">
        <Calendar aria-hidden="true" className={icon} />
        <time dateTime={post.publishDate}>{formatPublishDate(post.publishDate)}</time>
      </span>
    </p>
  );
}

import posts from 'virtual:flowvault/blog';
import { useRef, useState } from 'react';
import { BLOG_CATEGORIES } from '#shared/constants.ts';
import { cardClass } from '#web/components/ui/card.tsx';
import { SearchInput } from '#web/components/ui/input.tsx';
import { TogglePill } from '#web/components/ui/toggle-pill.tsx';
import { bindValue } from '#web/lib/bind-value.ts';
import { Link } from '#web/lib/navigation.tsx';
import { useTypedBeforeHydration } from '#web/lib/typed-before-hydration.ts';
import { ALL_CATEGORIES, filterPosts } from './blog-filter.ts';
import { PostBadges, PostByline } from './post-meta.tsx';

const CATEGORIES = [ALL_CATEGORIES, ...BLOG_CATEGORIES];

export function BlogListPage() {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string>(ALL_CATEGORIES);
  const shown = filterPosts(posts, query, category);
  const search = useRef<HTMLDivElement>(null);
  useTypedBeforeHydration(search, { q: setQuery });

  return (
    <main className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-4xl font-bold tracking-tight">Automation Blog</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-600 dark:text-slate-400">
        Guides, use cases and case studies for building reliable n8n workflows.
      </p>
      <div className="mt-8 flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <div ref={search} className="md:w-80">
          <SearchInput label="Search articles" name="q" {...bindValue(query, setQuery)} />
        </div>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Categories</legend>
          {CATEGORIES.map((c) => (
            <TogglePill key={c} size="md" pressed={category === c} onClick={() => setCategory(c)}>
              {c}
            </TogglePill>
          ))}
        </fieldset>
      </div>

      {shown.length === 0 ? (
        <p className="mt-16 text-center text-slate-600 dark:text-slate-400">
          No articles found matching your criteria.
        </p>
      ) : (
        <ul className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((post, i) => (
            <li
              key={post.slug}
              className={`fv-stagger flex flex-col overflow-hidden ${cardClass({ padding: 'none' })}`}
              style={{ animationDelay: `${i * 0.1}s` }}
            >
              <img
                src={post.image}
                alt=""
                width={1200}
                height={630}
                // The first row is in view; the rest load as the reader scrolls to them.
                loading={i < 3 ? 'eager' : 'lazy'}
                decoding="async"
                className="aspect-[1200/630] w-full object-cover"
              />
              <article className="flex flex-1 flex-col p-5">
                <PostBadges post={post} />
                <h2 className="mt-3 text-lg font-semibold">
                  <Link to={`/blog/${post.slug}`} className="hover:underline">
                    {post.title}
                  </Link>
                </h2>
                <p className="mt-2 flex-1 text-sm text-slate-600 dark:text-slate-400">{post.excerpt}</p>
                <PostByline post={post} size="xs" className="mt-4" />
                <ul className="mt-3 flex flex-wrap gap-1" aria-label="Tags">
                  {post.tags.slice(0, 3).map((t) => (
                    <li
                      key={t}
                      className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300"
                    >
                      #{t}
                    </li>
                  ))}
                </ul>
                <Link
                  to={`/blog/${post.slug}`}
                  aria-label={`Read more: ${post.title}`}
                  className="mt-4 text-sm font-medium text-brand-700 hover:underline dark:text-brand-100"
                >
                  Read more →
                </Link>
              </article>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

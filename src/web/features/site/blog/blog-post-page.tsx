import posts from 'virtual:flowvault/blog';
import bodies from 'virtual:flowvault/blog-bodies';
import { ArrowLeft, ChevronRight, Download } from 'lucide-react';
import { Fragment, useEffect } from 'react';
import { planOffer } from '#shared/plans.ts';
import { routeParams } from '#shared/routes.ts';
import type { Author, BlogPostSummary } from '#shared/schemas/content.ts';
import { ExternalLink } from '#web/components/external-link.tsx';
import { StaticHtml } from '#web/components/static-html.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { CardSection, cardClass } from '#web/components/ui/card.tsx';
import { CheckList } from '#web/components/ui/check-list.tsx';
import { TextLink } from '#web/components/ui/text-link.tsx';
import { NewsletterForm } from '#web/features/site/newsletter/newsletter-form.tsx';
import { authors, site } from '#web/features/site/site-content.ts';
import { Link, useNavigation } from '#web/lib/navigation.tsx';
import { neighbours, relatedPosts } from './blog-filter.ts';
import { PostBadges, PostByline } from './post-meta.tsx';
import { ShareMenu } from './share-menu.tsx';
import { TableOfContents } from './table-of-contents.tsx';

const loadedBodies = new Map<string, string>();

/** The breadcrumb's links above a post (the post's own title follows them). */
const CRUMBS = [
  ['/', 'Home'],
  ['/blog', 'Blog'],
] as const;

/**
 * Loads the post's body (each is its own chunk) before the page renders: site.tsx and the prerenderer
 * call it with the document's path, the app's router from the route's loader.
 */
export async function preparePage(pathname: string): Promise<void> {
  const slug = routeParams('blogPost', pathname)?.slug;
  if (slug === undefined || loadedBodies.has(slug) || !Object.hasOwn(bodies, slug)) return;
  loadedBodies.set(slug, (await bodies[slug]!()).default);
}

function AuthorCard({ author }: { author: Author }) {
  return (
    <section
      aria-label="About the author"
      className={`flex gap-4 ${cardClass({ tone: 'plain', padding: 'xl', radius: '2xl' })}`}
    >
      <span
        aria-hidden="true"
        className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white"
      >
        {author.initials}
      </span>
      <div>
        <p className="font-semibold">{author.name}</p>
        <p className="text-sm text-slate-600 dark:text-slate-400">{author.role}</p>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{author.bio}</p>
        <ul className="mt-2 flex gap-4 text-sm">
          {(['twitter', 'linkedin', 'website'] as const).map((k) =>
            author.social[k] ? (
              <li key={k}>
                <ExternalLink
                  href={author.social[k]}
                  srAbout={`of ${author.name}`}
                  className="font-medium text-brand-700 underline dark:text-brand-100"
                >
                  {k === 'twitter' ? 'Twitter' : k === 'linkedin' ? 'LinkedIn' : 'Website'}
                </ExternalLink>
              </li>
            ) : null,
          )}
        </ul>
      </div>
    </section>
  );
}

function FeaturedOffer() {
  const offer = site.featuredOffer;
  const prices = planOffer();
  return (
    <section
      aria-labelledby="offer-title"
      data-keep-clear
      className="rounded-2xl bg-gradient-to-br from-brand-600 to-brand-700 p-6 text-white"
    >
      <h2 id="offer-title" className="text-xl font-bold">
        Lifetime access to the whole library
      </h2>
      <p className="mt-3 flex items-baseline gap-2">
        <span className="text-4xl font-bold">{prices.price}</span>
        <span className="text-white/85">one-time payment</span>
      </p>
      <dl className="mt-4 flex flex-wrap justify-around gap-2 text-center">
        {offer.stats.map((s) => (
          // A use figure below its floor is empty (src/shared/claims.ts): that stat hides.
          <div key={s.label} className="has-[>dd:empty]:hidden">
            <dd className="text-lg font-bold">{s.value}</dd>
            <dt className="text-xs text-white/85">{s.label}</dt>
          </div>
        ))}
      </dl>
      <CheckList items={offer.perks} className="mt-4 space-y-1 text-sm" />
      <Button asChild variant="inverse" size="lg" className="mt-5 w-full">
        <Link to="/auth?mode=register">Get Instant Access Now</Link>
      </Button>
    </section>
  );
}

function GetTheWorkflow({ post }: { post: BlogPostSummary }) {
  if (!post.downloadUrl) return null;
  return (
    <CardSection id="download-title" icon={Download} title="Get the Workflow">
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        Ready-to-import n8n workflows from the Flowvault library that go with this article, in one JSON file.
        Members get every workflow, with one-click deploy, in the dashboard.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button asChild>
          <a href={post.downloadUrl} download>
            Download the workflow pack
          </a>
        </Button>
        <Button asChild variant="outline">
          <Link to="/library">View Premium Library</Link>
        </Button>
      </div>
    </CardSection>
  );
}

function PostCard({ post, label }: { post: BlogPostSummary; label?: string }) {
  return (
    <Link
      to={`/blog/${post.slug}`}
      className={`block h-full hover:border-brand-500 ${cardClass({ tone: 'plain' })}`}
    >
      {label && <span className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</span>}
      <span className="mt-1 block font-semibold">{post.title}</span>
      <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">
        {post.category} · {post.readTime}
      </span>
    </Link>
  );
}

function PostNotFound() {
  return (
    <main className="mx-auto flex min-h-[50vh] max-w-3xl flex-col items-center justify-center px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Post Not Found</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">
        The article you are looking for does not exist.
      </p>
      <Button asChild className="mt-6">
        <Link to="/blog">
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Back to Blog
        </Link>
      </Button>
    </main>
  );
}

export function BlogPostPage() {
  const slug = routeParams('blogPost', useNavigation().pathname)?.slug ?? '';
  const post = posts.find((p) => p.slug === slug);
  useEffect(() => {
    if (!post) return;
    document.title = `${post.title} | Flowvault blog`;
    document.querySelector('meta[name="description"]')?.setAttribute('content', post.metaDescription);
  }, [post]);
  if (!post) return <PostNotFound />;
  const author = authors.find((a) => a.name === post.author);
  const { previous, next } = neighbours(posts, post.slug);
  const related = relatedPosts(posts, post);

  return (
    <main>
      <div aria-hidden="true" className="fv-reading-progress fixed inset-x-0 top-0 z-50 h-1 bg-brand-600" />
      <article className="mx-auto max-w-3xl px-4 py-10">
        <StaticHtml>
          <nav aria-label="Breadcrumb">
            <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600 dark:text-slate-400">
              {CRUMBS.map(([to, label]) => (
                <Fragment key={to}>
                  <li>
                    <Link to={to} className="hover:underline">
                      {label}
                    </Link>
                  </li>
                  <ChevronRight aria-hidden="true" className="h-4 w-4" />
                </Fragment>
              ))}
              <li aria-current="page" className="truncate">
                {post.title}
              </li>
            </ol>
          </nav>
          <TextLink to="/blog" icon={ArrowLeft} className="mt-6 text-sm hover:underline">
            Back to Blog
          </TextLink>
          <PostBadges post={post} className="mt-4" />
          <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">{post.title}</h1>
        </StaticHtml>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-4">
          <PostByline post={post} size="sm" />
          <ShareMenu title={post.title} />
        </div>
        <StaticHtml>
          <img
            src={post.image}
            alt=""
            width={1200}
            height={630}
            decoding="async"
            className="mt-8 aspect-[1200/630] w-full rounded-2xl object-cover"
          />
          <div
            className="fv-prose mt-8"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the post body is our own Markdown, compiled at build time
            dangerouslySetInnerHTML={{ __html: loadedBodies.get(post.slug) ?? '' }}
          />
        </StaticHtml>
        <div className="mt-12 space-y-8">
          <StaticHtml className="space-y-8">
            <GetTheWorkflow post={post} />
            {author && <AuthorCard author={author} />}
          </StaticHtml>
          <NewsletterForm />
          <StaticHtml className="space-y-8">
            <FeaturedOffer />
            {(previous || next) && (
              <nav aria-label="More articles" className="grid gap-4 sm:grid-cols-2">
                <div>{previous && <PostCard post={previous} label="Previous article" />}</div>
                <div>{next && <PostCard post={next} label="Next article" />}</div>
              </nav>
            )}
            {related.length > 0 && (
              <section aria-labelledby="related-title">
                <h2 id="related-title" className="text-xl font-semibold">
                  Related articles
                </h2>
                <ul className="mt-4 grid gap-4 sm:grid-cols-3">
                  {related.map((p) => (
                    <li key={p.slug}>
                      <PostCard post={p} />
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </StaticHtml>
        </div>
      </article>
      <TableOfContents headings={post.headings} />
    </main>
  );
}

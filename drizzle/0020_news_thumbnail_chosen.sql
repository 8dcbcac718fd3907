-- A news post's thumbnail chosen through the API (`thumbnail` sent) is kept when the body's first
-- image changes; one made from the body follows it (docs/news.md). Posts stored before this cannot
-- tell which they had, and keep the old behaviour (made from the body).
ALTER TABLE "news_posts" ADD COLUMN IF NOT EXISTS "thumbnail_chosen" boolean DEFAULT false NOT NULL;

CREATE TABLE "news_albums" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_type" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_post_views" (
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "news_post_views_post_id_user_id_day_pk" PRIMARY KEY("post_id","user_id","day")
);
--> statement-breakpoint
CREATE TABLE "news_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" jsonb,
	"body_html" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'Inactive' NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"scheduled_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"thumbnail" text,
	"thumbnail_small" text,
	"views" integer DEFAULT 0 NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "news_albums" ADD CONSTRAINT "news_albums_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_post_views" ADD CONSTRAINT "news_post_views_post_id_news_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."news_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_post_views" ADD CONSTRAINT "news_post_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_posts" ADD CONSTRAINT "news_posts_channel_id_news_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."news_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_posts" ADD CONSTRAINT "news_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_albums_user_idx" ON "news_albums" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "news_channels_created_idx" ON "news_channels" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "news_channels_name_idx" ON "news_channels" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "news_posts_channel_idx" ON "news_posts" USING btree ("channel_id","created_at");--> statement-breakpoint
CREATE INDEX "news_posts_published_idx" ON "news_posts" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "news_posts_due_idx" ON "news_posts" USING btree ("status","scheduled_at");--> statement-breakpoint
CREATE INDEX "news_posts_user_idx" ON "news_posts" USING btree ("user_id");
CREATE TABLE "do_not_call" (
	"organization_id" text NOT NULL,
	"phone_number" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_call_outcomes" (
	"organization_id" text NOT NULL,
	"phone_number" text NOT NULL,
	"outcome" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"agent_name" text NOT NULL,
	"call_type" text DEFAULT 'outbound_call' NOT NULL,
	"recipient_phone" text NOT NULL,
	"scheduled_time" timestamp with time zone NOT NULL,
	"flexible_time_minutes" integer DEFAULT 0 NOT NULL,
	"max_retries" integer DEFAULT 3 NOT NULL,
	"message_template" text,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"status_reason" text,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"locked_by" text,
	"lease_until" timestamp with time zone,
	"call_deadline" timestamp with time zone,
	"pending_outcome" text,
	"current_call_id" text,
	"answered_by" text,
	"attempts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduling_settings" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"calling_window_start" text DEFAULT '08:00' NOT NULL,
	"calling_window_end" text DEFAULT '21:00' NOT NULL,
	"max_concurrent_calls" integer DEFAULT 5 NOT NULL,
	"recent_failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"paused_at" timestamp with time zone,
	"paused_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "do_not_call" ADD CONSTRAINT "do_not_call_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_call_outcomes" ADD CONSTRAINT "sandbox_call_outcomes_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_events" ADD CONSTRAINT "scheduled_events_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_events" ADD CONSTRAINT "scheduled_events_agent_name_agents_agent_name_fk" FOREIGN KEY ("agent_name") REFERENCES "public"."agents"("agent_name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduling_settings" ADD CONSTRAINT "scheduling_settings_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "do_not_call_uq" ON "do_not_call" USING btree ("organization_id","phone_number");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_call_outcomes_uq" ON "sandbox_call_outcomes" USING btree ("organization_id","phone_number");--> statement-breakpoint
CREATE INDEX "scheduled_events_due_idx" ON "scheduled_events" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "scheduled_events_org_idx" ON "scheduled_events" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "scheduled_events_call_idx" ON "scheduled_events" USING btree ("current_call_id");
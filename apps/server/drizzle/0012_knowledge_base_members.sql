-- The members a `partial_members` knowledge base is shared with (besides its creator). A row goes
-- with its base, and with the membership: a member removed from the organization loses the base.
CREATE TABLE "knowledge_base_members" (
	"knowledge_base_id" uuid NOT NULL,
	"member_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_base_members_pk" PRIMARY KEY("knowledge_base_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "knowledge_base_members" ADD CONSTRAINT "knowledge_base_members_knowledge_base_id_knowledge_bases_id_fk" FOREIGN KEY ("knowledge_base_id") REFERENCES "public"."knowledge_bases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_base_members" ADD CONSTRAINT "knowledge_base_members_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_base_members_member_idx" ON "knowledge_base_members" USING btree ("member_id");

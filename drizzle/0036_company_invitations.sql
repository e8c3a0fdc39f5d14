-- [25/25] Enquiries become companies; approvers manage their company's members (ADR 0022).
-- An /empresas enquiry remembers the company staff created from it, and a company keeps the
-- invitations it sent to people without an account yet: the e-mailed link names the invitation,
-- and accepting it (signed in with the invited e-mail) makes them a member and deletes the row.
ALTER TABLE "contact_messages" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "company_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text DEFAULT 'buyer' NOT NULL,
	"invited_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade,
	CONSTRAINT "company_invitations_role_valid" CHECK ("company_invitations"."role" in ('buyer', 'approver')),
	CONSTRAINT "company_invitations_email_lower" CHECK ("company_invitations"."email" = lower("company_invitations"."email"))
);--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitations_company_email_unique" ON "company_invitations" USING btree ("company_id","email");

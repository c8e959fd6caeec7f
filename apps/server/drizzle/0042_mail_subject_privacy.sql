-- E-mail subjects follow the storage mode (docs/privacy.md): a mail's stored subject is redacted
-- (`redacted`) or empty (`metadata_only`). While the agent's answer to an inbound mail is pending
-- (or held as a draft for approval), its reply job keeps the inbound subject as written, so the
-- reply is sent with the real 'Re: …'; cleared once the reply is sent or given up (like
-- `query_text`).
ALTER TABLE "message_replies" ADD COLUMN "subject_text" text;

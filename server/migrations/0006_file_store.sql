CREATE TABLE "stored_file_pieces" (
	"key" varchar(255) NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "stored_file_pieces_key_seq_pk" PRIMARY KEY("key","seq")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"size_bytes" bigint NOT NULL,
	"pieces" integer NOT NULL,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stored_file_pieces" ADD CONSTRAINT "stored_file_pieces_key_stored_files_key_fk" FOREIGN KEY ("key") REFERENCES "public"."stored_files"("key") ON DELETE cascade ON UPDATE no action;
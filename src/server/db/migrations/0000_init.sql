CREATE TABLE "blade_param" (
	"id" bigint PRIMARY KEY NOT NULL,
	"param_name" varchar(255),
	"param_key" varchar(255),
	"param_value" text,
	"remark" varchar(255),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
